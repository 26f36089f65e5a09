import { DateTime } from 'luxon'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type Quote from '#models/quote'
import type { Locale } from '#shared/locales'
import type { Amount, QuoteDocument } from '#shared/quote_document'
import { pathFor } from '#shared/route_table'
import { officesFor } from '#transformers/site/office_transformer'
import {
  FIRST_MONTH_DISCOUNT_PERCENT,
  MONTHLY_FEE_CENTS,
  convertCents,
  formatMoney,
  formatNumber,
} from '#shared/quote_pricing'

/**
 * The quote's private link (with its token), for e-mails: opening it lets that browser see
 * the quote, then drops the token from the address bar.
 */
export function quoteShareLink(quote: Quote, locale: Locale): string {
  const page = pathFor('offer.show', locale, { number: quote.number })
  return `${page}?token=${encodeURIComponent(quote.accessToken)}`
}

function dateText(date: DateTime, locale: Locale) {
  return date.setLocale(locale === 'tr' ? 'tr' : 'en-GB').toLocaleString(DateTime.DATE_FULL)
}

/** The five terms of spec §1, in the quote's language, matching the quote's plan. */
export function quoteTerms(i18n: I18n, termMonths: number): string[] {
  return [1, 2, 3, 4, 5].map((n) => i18n.t(`site.quote.terms.${n}`, { months: termMonths }))
}

/**
 * A stored quote as the quote page and the PDF show it, in the language they are shown in
 * (`Data.Site.Quote`).
 */
export default class QuoteTransformer extends BaseTransformer<{
  quote: Quote
  i18n: I18n
  locale: Locale
}> {
  toObject(): QuoteDocument {
    const { quote, i18n, locale } = this.resource
    const rate = Number(quote.exchangeRate)
    const amount = (cents: number): Amount => ({
      cents,
      eur: formatMoney(cents, 'EUR', locale),
      try: formatMoney(convertCents(cents, rate), 'TRY', locale),
    })
    const page = pathFor('offer.show', locale, { number: quote.number })
    return {
      number: quote.number,
      companyName: quote.companyName,
      email: quote.email,
      note: quote.note,
      termMonths: quote.termMonths,
      vehicleCount: quote.vehicleCount,
      issuedOn: dateText(quote.createdAt, locale),
      validUntil: dateText(quote.validUntil, locale),
      lines: quote.items.map((item) => ({
        key: item.productKey,
        name: i18n.t(`site.products.catalogue.${item.productKey}.name`),
        quantity: item.quantity,
        unitPrice: formatMoney(item.unitPriceCents, 'EUR', locale),
        total: formatMoney(item.totalCents, 'EUR', locale),
      })),
      extraDiscountPercent: quote.extraDiscountPercent,
      firstMonthDiscountPercent: FIRST_MONTH_DISCOUNT_PERCENT,
      monthlyFeePerVehicle: formatMoney(MONTHLY_FEE_CENTS, 'EUR', locale),
      amounts: {
        subtotal: amount(quote.subtotalCents),
        extraDiscount: amount(quote.extraDiscountCents),
        total: amount(quote.totalCents),
        monthlyFee: amount(quote.monthlyFeeCents),
        firstMonthDiscount: amount(quote.firstMonthDiscountCents),
        firstMonthFee: amount(quote.monthlyFeeCents - quote.firstMonthDiscountCents),
        totalDiscount: amount(quote.totalDiscountCents),
        dueNow: amount(quote.dueNowCents),
      },
      rate: {
        value: formatNumber(rate, locale, 4),
        date: dateText(quote.exchangeRateDate, locale),
      },
      offices: officesFor(i18n),
      terms: quoteTerms(i18n, quote.termMonths),
      links: { page, pdf: `${page}/pdf` },
    }
  }
}

export function quoteDocument(quote: Quote, i18n: I18n, locale: Locale): QuoteDocument {
  return new QuoteTransformer({ quote, i18n, locale }).toObject()
}
