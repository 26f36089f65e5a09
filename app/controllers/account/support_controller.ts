import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import vine from '@vinejs/vine'
import { helpArticles } from '#queries/site/posts'
import SupportRequest from '#models/support_request'
import { sendSupportRequest } from '#services/billing/support_mail'
import { showRouteOf } from '#services/site/post_queries'
import {
  BillingMessagesProvider,
  supportRequestValidator,
} from '#validators/account/billing_validators'
import { pathFor } from '#shared/route_table'
import { helpArticleForList } from '#transformers/account/help_article_transformer'

const searchValidator = vine.create({ q: vine.string().trim().maxLength(100).optional() })

/** The help centre: help articles (tutorials and FAQs of the posts) and a support request form. */
export default class SupportController {
  async show({ request, inertia, locale, i18n }: HttpContext) {
    const { q } = await searchValidator.validate(request.qs(), {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    const posts = await helpArticles(locale, q)
    return inertia.render('account/support', {
      q: q ?? '',
      articles: posts.map((post) =>
        helpArticleForList(post, pathFor(showRouteOf(post.category), locale, { slug: post.slug }))
      ),
    })
  }

  async store({ request, company, auth, session, response, i18n }: HttpContext) {
    const data = await request.validateUsing(supportRequestValidator, {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    const user = auth.user!
    const stored = await SupportRequest.create({
      companyId: company!.id,
      userId: user.id,
      subject: data.request_subject,
      message: data.request_message,
    })
    try {
      await sendSupportRequest({
        id: stored.id,
        company: { id: company!.id, name: company!.name },
        user: { id: user.id, email: user.email, fullName: user.fullName },
        subject: data.request_subject,
        message: data.request_message,
      })
    } catch (error) {
      logger.error({ err: error }, 'support request mail failed')
    }
    session.flash('success', i18n.t('billing.support.sent'))
    return response.redirect().back()
  }
}
