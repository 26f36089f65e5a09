import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Locale } from '#shared/locales'
import { FIRST_MONTH_DISCOUNT_PERCENT, MONTHLY_FEE_CENTS, formatMoney } from '#shared/quote_pricing'

/**
 * The Premium plan's price as the home and pricing pages' card shows it, in the page's
 * language (`Data.Site.Pricing`).
 */
export default class PricingTransformer extends BaseTransformer<Locale> {
  toObject() {
    const locale = this.resource
    return {
      monthlyFee: formatMoney(MONTHLY_FEE_CENTS, 'EUR', locale, { trimZeros: true }),
      firstMonthFee: formatMoney(
        MONTHLY_FEE_CENTS - (MONTHLY_FEE_CENTS * FIRST_MONTH_DISCOUNT_PERCENT) / 100,
        'EUR',
        locale
      ),
      firstMonthDiscountPercent: FIRST_MONTH_DISCOUNT_PERCENT,
    }
  }
}

export function pricingForPage(locale: Locale) {
  return new PricingTransformer(locale).toObject()
}
