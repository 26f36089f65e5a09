import type { HttpContext } from '@adonisjs/core/http'
import { postTitle, renderSitePage } from '#services/site/site_page'
import { metaOf } from '#services/site/page_meta'
import { faqsOf, postByKey, postsOf } from '#services/site/post_queries'
import { postForFaq, postForList, postForShow } from '#transformers/site/post_transformer'
import { companyOffices } from '#config/company_offices'
import { officesFor } from '#transformers/site/office_transformer'
import { inquiryFormForPage, type SentForm } from '#transformers/site/inquiry_form_transformer'
import { pricingForPage } from '#transformers/site/pricing_transformer'
import type { CompanyPage } from '#shared/site_pages'

/** Which form was just sent, for the page to show its success panel. */
function sentForm({ session }: HttpContext): SentForm {
  const sent = session.flashMessages.get('siteFormSent')
  return sent === 'contact' || sent === 'demo' ? sent : null
}

function formProps(ctx: HttpContext) {
  return inquiryFormForPage(sentForm(ctx))
}

/** Pages of the public site that are not lists of posts. */
export default class PagesController {
  async home(ctx: HttpContext) {
    const [features, industries, products, faqs] = await Promise.all([
      postsOf(ctx.locale, ['feature']),
      postsOf(ctx.locale, ['fleet']),
      postsOf(ctx.locale, ['product']).limit(4),
      faqsOf(ctx.locale).limit(4),
    ])
    return renderSitePage(
      ctx,
      'site/home',
      {
        features: features.map(postForList),
        industries: industries.map(postForList),
        products: products.map(postForList),
        faqs: faqs.map(postForFaq),
        pricing: pricingForPage(ctx.locale),
      },
      { seo: metaOf(ctx, 'home') }
    )
  }

  async faqs(ctx: HttpContext) {
    const faqs = await faqsOf(ctx.locale)
    return renderSitePage(
      ctx,
      'site/faqs',
      { faqs: faqs.map(postForFaq) },
      {
        seo: metaOf(ctx, 'faqs'),
      }
    )
  }

  async pricing(ctx: HttpContext) {
    return renderSitePage(
      ctx,
      'site/pricing',
      { pricing: pricingForPage(ctx.locale) },
      {
        seo: metaOf(ctx, 'pricing'),
      }
    )
  }

  async contact(ctx: HttpContext) {
    return renderSitePage(
      ctx,
      'site/contact',
      { ...formProps(ctx), offices: officesFor(ctx.i18n), officeCount: companyOffices.length },
      { seo: metaOf(ctx, 'contact') }
    )
  }

  async support(ctx: HttpContext) {
    return this.companyPage(ctx, 'support', true)
  }

  async aboutUs(ctx: HttpContext) {
    return this.companyPage(ctx, 'about-us')
  }

  async dealershipProgram(ctx: HttpContext) {
    return this.companyPage(ctx, 'dealership-program')
  }

  async termsOfUse(ctx: HttpContext) {
    return this.companyPage(ctx, 'terms-of-use')
  }

  async cookiePolicy(ctx: HttpContext) {
    return this.companyPage(ctx, 'cookie-policy')
  }

  async privacyPolicy(ctx: HttpContext) {
    return this.companyPage(ctx, 'privacy-policy')
  }

  /**
   * A page of the route table whose text is the post with the route's name as key (company
   * and legal posts). Before the posts are imported it shows an empty state, not an error.
   */
  private async companyPage(ctx: HttpContext, name: CompanyPage, withContactForm = false) {
    const post = await postByKey(ctx.locale, name)
    const meta = metaOf(ctx, name)
    return renderSitePage(
      ctx,
      'site/page',
      {
        page: name,
        post: post ? postForShow(post) : null,
        contactForm: withContactForm ? formProps(ctx) : null,
      },
      {
        seo: {
          title: post ? postTitle(post.seoTitle, post.name) : meta.title,
          ogTitle: post?.seoTitle ?? undefined,
          description: post?.seoDescription ?? meta.description,
        },
      }
    )
  }
}
