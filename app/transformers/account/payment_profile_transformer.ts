import { BaseTransformer } from '@adonisjs/core/transformers'
import type BillingProfile from '#models/billing_profile'

/**
 * Who receives the company's invoices and how it pays, as the payment settings form edits
 * them (bank transfer until chosen otherwise). The page's type is generated from this class
 * (`Data.Account.PaymentProfile`).
 */
export default class PaymentProfileTransformer extends BaseTransformer<BillingProfile | null> {
  toObject() {
    const profile = this.resource
    return {
      contact_name: profile?.contactName ?? '',
      billing_email: profile?.billingEmail ?? '',
      payment_method: profile?.paymentMethod ?? 'bank_transfer',
    }
  }
}

export function paymentProfileForForm(profile: BillingProfile | null) {
  return new PaymentProfileTransformer(profile).toObject()
}
