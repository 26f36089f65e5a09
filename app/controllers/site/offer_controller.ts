import type { HttpContext } from '@adonisjs/core/http'
import edge from 'edge.js'
import logger from '@adonisjs/core/services/logger'
import { renderSitePage } from '#services/site/site_page'
import {
  createQuote,
  exchangeRate,
  findQuote,
  knownQuotes,
  rememberQuote,
} from '#services/site/quotes'
import { throttled } from '#services/site/inquiries'
import { notifySales } from '#services/site/sales_mailer'
import { renderPdf } from '#services/site/pdf_renderer'
import { appUrl } from '#services/alternates'
import { quoteDocument, quoteShareLink } from '#transformers/site/quote_transformer'
import { quoteRequestValidator } from '#validators/site/quote_validators'
import { metaOf } from '#services/site/page_meta'
import { isBot, senderOf } from '#services/site/form_sender'
import type { QuoteTerm } from '#shared/quote_pricing'
import { pathFor } from '#shared/route_table'
import { offerForPage } from '#transformers/site/offer_transformer'

/** The offer page (price list and quote request), the quote page and its PDF. */
export default class OfferController {
  async create(ctx: HttpContext) {
    const { rate, date } = exchangeRate()
    return renderSitePage(ctx, 'site/offer', offerForPage({ rate, date, locale: ctx.locale }), {
      seo: metaOf(ctx, 'offer'),
    })
  }

  async store(ctx: HttpContext) {
    const { request, session, response, i18n, locale } = ctx
    if (isBot(ctx)) {
      session.flash('success', i18n.t('site.offer.sent'))
      return response.redirect(pathFor('offer', locale))
    }
    const data = await request.validateUsing(quoteRequestValidator)
    const hasItems = Object.values(data.quantities).some((quantity) => (quantity ?? 0) > 0)
    if (!hasItems) {
      session.flash('inputErrorsBag', { quantities: [i18n.t('site.offer.errors.noItems')] })
      session.flashAll()
      return response.redirect().back()
    }
    const sender = senderOf(ctx)
    try {
      const outcome = await throttled('quote', sender.ip, async () => {
        const quote = await createQuote({
          companyName: data.company_name,
          email: data.email,
          note: data.note ?? null,
          termMonths: Number(data.term_months) as QuoteTerm,
          quantities: data.quantities,
          ...sender,
        })
        const link = `${appUrl()}${quoteShareLink(quote, locale)}`
        await notifySales({
          kind: 'quote',
          subjectValues: { number: quote.number, company: quote.companyName },
          replyTo: quote.email,
          link,
          fields: [
            ['quoteNumber', quote.number],
            ['company', quote.companyName],
            ['email', quote.email],
            ['vehicleCount', quote.vehicleCount],
            ['note', quote.note],
          ],
        }).catch((error) => logger.error({ err: error }, 'quote notification mail failed'))
        return quote
      })
      if (!outcome.ok) {
        session.flash('error', i18n.t('site.forms.throttled', { minutes: outcome.retryInMinutes }))
        session.flashAll()
        return response.redirect().back()
      }
      rememberQuote(session, outcome.value)
      session.flash('success', i18n.t('site.offer.sent'))
      return response.redirect(pathFor('offer.show', locale, { number: outcome.value.number }))
    } catch (error) {
      logger.error({ err: error }, 'quote could not be created')
      session.flash('error', i18n.t('site.offer.failure'))
      session.flashAll()
      return response.redirect().back()
    }
  }

  /**
   * The quote page, for the browser that requested it (session) or anyone with its private
   * link: a link's token is remembered in the session and dropped from the address, so it
   * never reaches analytics or Referer headers.
   */
  async show(ctx: HttpContext) {
    const { request, session, response, params, i18n, locale } = ctx
    const token = request.qs().token
    const quote = await findQuote(params.number, { token, knownIds: knownQuotes(session) })
    if (token !== undefined) {
      rememberQuote(session, quote)
      return response.redirect(pathFor('offer.show', locale, { number: quote.number }))
    }
    return renderSitePage(
      ctx,
      'site/quote',
      { quote: quoteDocument(quote, i18n, locale) },
      {
        seo: {
          title: i18n.t('site.quote.heading', { number: quote.number }),
          description: i18n.t('site.meta.offer.show.description'),
          noindex: true,
        },
      }
    )
  }

  /** The quote as a PDF (A4), printed by headless Chromium from resources/views/quote_pdf.edge. */
  async pdf(ctx: HttpContext) {
    const { request, session, response, params, i18n, locale } = ctx
    const quote = await findQuote(params.number, {
      token: request.qs().token,
      knownIds: knownQuotes(session),
    })
    const html = await edge.render('quote_pdf', {
      locale,
      doc: quoteDocument(quote, i18n, locale),
      t: (key: string, values?: Record<string, unknown>) => i18n.t(key, values),
    })
    const pdf = await renderPdf(html)
    return response
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${quote.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(pdf)
  }
}
