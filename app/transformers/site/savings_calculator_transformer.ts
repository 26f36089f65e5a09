import { BaseTransformer } from '@adonisjs/core/transformers'
import {
  savingAssumptions,
  savingsDefaults,
  savingsLimits,
  type SavingsForm,
} from '#shared/savings'
import { MONTHLY_FEE_CENTS } from '#shared/quote_pricing'

/** The savings calculator's form as typed (or its defaults) and the EUR/TRY rate of the day. */
export type SavingsCalculatorSource = { form: SavingsForm; rate: number }

/**
 * The savings calculator page: the form, the assumptions it states, each vehicle class's
 * typical values, the fields' ranges and the subscription's yearly cost per vehicle in kuruş
 * (`Data.Site.SavingsCalculator`).
 */
export default class SavingsCalculatorTransformer extends BaseTransformer<SavingsCalculatorSource> {
  toObject() {
    const { form, rate } = this.resource
    return {
      form,
      assumptions: savingAssumptions,
      defaults: savingsDefaults,
      limits: savingsLimits,
      subscriptionYearlyKurusPerVehicle: Math.round(MONTHLY_FEE_CENTS * 12 * rate),
    }
  }
}

export function savingsCalculatorForPage(source: SavingsCalculatorSource) {
  return new SavingsCalculatorTransformer(source).toObject()
}
