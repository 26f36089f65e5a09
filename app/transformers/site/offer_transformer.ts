import { BaseTransformer } from '@adonisjs/core/transformers'
import { DateTime } from 'luxon'
import type { Locale } from '#shared/locales'
import {
  FIRST_MONTH_DISCOUNT_PERCENT,
  MONTHLY_FEE_CENTS,
  QUOTE_TERMS,
  QUOTE_VALIDITY_DAYS,
  formatNumber,
  products,
  volumeDiscountTiers,
} from '#shared/quote_pricing'
import { HONEYPOT_FIELD } from '#validators/site/inquiry_validators'

/** What the offer page is made from: the EUR/TRY rate of the day and the page's language. */
export type OfferSource = { rate: number; date: DateTime; locale: Locale }

/**
 * The offer page: the price list, the plan's fee and discounts, the terms and the exchange
 * rate, from which the page computes a quote live (`Data.Site.Offer`).
 */
export default class OfferTransformer extends BaseTransformer<OfferSource> {
  toObject() {
    const { rate, date, locale } = this.resource
    return {
      catalogue: products.map((product) => ({ ...product })),
      monthlyFeeCents: MONTHLY_FEE_CENTS,
      firstMonthDiscountPercent: FIRST_MONTH_DISCOUNT_PERCENT,
      tiers: volumeDiscountTiers.map((tier) => ({ ...tier })),
      terms: [...QUOTE_TERMS],
      validityDays: QUOTE_VALIDITY_DAYS,
      rate: {
        value: rate,
        text: formatNumber(rate, locale, 4),
        date: date.setLocale(locale === 'tr' ? 'tr' : 'en-GB').toLocaleString(DateTime.DATE_MED),
      },
      honeypot: HONEYPOT_FIELD,
    }
  }
}

export function offerForPage(source: OfferSource) {
  return new OfferTransformer(source).toObject()
}
