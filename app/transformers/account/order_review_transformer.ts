import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type Company from '#models/company'
import type BillingProfile from '#models/billing_profile'
import billingConfig from '#config/billing'
import { buyerParty } from '#services/billing/invoice_snapshot'
import { missingInvoicingDetails } from '#services/billing/invoicing_details'
import { missingDetailsText } from '#transformers/account/billing_transformer'

/** What an order's review step is made from. */
export type OrderReviewSource = { company: Company; profile: BillingProfile | null; i18n: I18n }

/**
 * What the order's review step shows before anything is issued: the buyer as the invoice will
 * print it, what is still missing for an invoice, the payment method and the days to pay.
 * The pages' type is generated from this class (`Data.Account.OrderReview`).
 */
export default class OrderReviewTransformer extends BaseTransformer<OrderReviewSource> {
  toObject() {
    const { company, profile, i18n } = this.resource
    const missing = missingInvoicingDetails(company)
    const paymentMethod = profile?.paymentMethod ?? 'bank_transfer'
    return {
      buyer: buyerParty(company, profile),
      missing: missing.length > 0 ? missingDetailsText(i18n, missing) : null,
      paymentMethod,
      dueDays: paymentMethod === 'card' ? 0 : billingConfig.invoiceDueDays,
    }
  }
}

export function orderReviewForPage(company: Company, profile: BillingProfile | null, i18n: I18n) {
  return new OrderReviewTransformer({ company, profile, i18n }).toObject()
}
