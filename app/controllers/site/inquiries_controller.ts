import { isBot, senderOf } from '#services/site/form_sender'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { latestInquiries } from '#queries/site/inquiries'
import {
  saveContactMessage,
  saveDemoRequest,
  throttled,
  type PublicForm,
} from '#services/site/inquiries'
import { isPlatformStaff } from '#services/site/platform_staff'
import { answerRefusal } from '#exceptions/refusal'
import { contactMessageForList } from '#transformers/site/contact_message_transformer'
import { demoRequestForList } from '#transformers/site/demo_request_transformer'
import { contactValidator, demoRequestValidator } from '#validators/site/inquiry_validators'
import i18nManager from '@adonisjs/i18n/services/main'

/** The contact form and the demo request form (spec §3), and their list for platform staff. */
export default class InquiriesController {
  async storeContact(ctx: HttpContext) {
    return this.submit(ctx, 'contact', 'site.contact.success', 'site.contact.failure', async () => {
      const data = await ctx.request.validateUsing(contactValidator)
      return () => saveContactMessage(data, senderOf(ctx))
    })
  }

  async storeDemo(ctx: HttpContext) {
    return this.submit(ctx, 'demo', 'site.demo.success.title', 'site.demo.failure', async () => {
      const data = await ctx.request.validateUsing(demoRequestValidator)
      return () => saveDemoRequest(data, senderOf(ctx))
    })
  }

  /**
   * Honeypot, then validation (errors go back to the form), then the per-IP rate limit
   * around storing and mailing. Success and failure are flashed as the spec's messages.
   */
  private async submit(
    ctx: HttpContext,
    form: Exclude<PublicForm, 'quote'>,
    successKey: string,
    failureKey: string,
    prepare: () => Promise<() => Promise<unknown>>
  ) {
    const { session, response, i18n } = ctx
    if (isBot(ctx)) {
      logger.info({ form, ip: ctx.request.ip() }, 'honeypot filled; submission ignored')
      session.flash('success', i18n.t(successKey))
      session.flash('siteFormSent', form)
      return response.redirect().back()
    }
    const save = await prepare()
    try {
      const outcome = await throttled(form, ctx.request.ip(), save)
      if (!outcome.ok) {
        session.flash('error', i18n.t('site.forms.throttled', { minutes: outcome.retryInMinutes }))
        session.flashAll()
        return response.redirect().back()
      }
    } catch (error) {
      logger.error({ err: error, form }, 'public form could not be stored')
      session.flash('error', i18n.t(failureKey))
      session.flashAll()
      return response.redirect().back()
    }
    session.flash('success', i18n.t(successKey))
    session.flash('siteFormSent', form)
    return response.redirect().back()
  }

  /** Back office: what the public sent, newest first, for platform staff only. */
  async index(ctx: HttpContext) {
    const { auth, inertia, locale } = ctx
    if (!isPlatformStaff(auth.user)) return answerRefusal(ctx)
    const [messages, demos] = await latestInquiries()
    const site = i18nManager.getTranslationsFor(locale)
    const fallback = i18nManager.getTranslationsFor(i18nManager.defaultLocale)
    // The back office sends the backend namespace only; this page also needs its own texts.
    const labels: Record<string, string> = {}
    for (const source of [fallback, site]) {
      for (const [key, value] of Object.entries(source)) {
        if (key.startsWith('site.inquiries.') || key.startsWith('site.demo.subjects.')) {
          labels[key] = value
        }
      }
    }
    return inertia.render('site/inquiries', {
      contactMessages: messages.map(contactMessageForList),
      demoRequests: demos.map(demoRequestForList),
      labels,
    })
  }
}
