import type Invoice from '#models/invoice'
import type Order from '#models/order'
import type { SubscriptionRow } from '#services/billing/subscriptions'
import type DiscountCode from '#models/discount_code'
import { codeStatus, type DiscountCodeTerms } from '#shared/subscription_pricing'
import type { I18n } from '@adonisjs/i18n'
import type Company from '#models/company'
import type BillingProfile from '#models/billing_profile'
import billingConfig from '#config/billing'
import { buyerParty } from '#services/billing/invoice_snapshot'
import { missingInvoicingDetails, type InvoicingDetail } from '#services/billing/invoicing_details'

/** The missing invoicing details as words of a sentence ("tax ID, city"). */
export function missingDetailsText(i18n: I18n, missing: InvoicingDetail[]) {
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    missing.map((detail) => i18n.t(`billing.details.${detail}`))
  )
}

/**
 * What the order's review step shows before anything is issued: the buyer as the invoice will
 * print it, what is still missing for an invoice, the payment method and the days to pay.
 */
export function orderReviewForPage(company: Company, profile: BillingProfile | null, i18n: I18n) {
  const missing = missingInvoicingDetails(company)
  const paymentMethod = profile?.paymentMethod ?? 'bank_transfer'
  return {
    buyer: buyerParty(company, profile),
    missing: missing.length > 0 ? missingDetailsText(i18n, missing) : null,
    paymentMethod,
    dueDays: paymentMethod === 'card' ? 0 : billingConfig.invoiceDueDays,
  }
}

export type OrderReview = ReturnType<typeof orderReviewForPage>

/** A subscription row as the subscriptions page shows it (dates as ISO, shown in user format). */
export function subscriptionForList(row: SubscriptionRow) {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    plate: row.plate,
    imei: row.imei,
    plan: row.plan,
    state: row.state,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    remainingDays: row.remainingDays,
    isNew: row.isNew,
    lastExtensionMonths: row.lastExtensionMonths,
    lastDiscountCode: row.lastDiscountCode,
  }
}

/** What the page may know of a code it was asked to check: its terms, or why it is refused. */
export function codeForPage(
  given: string | undefined,
  code: DiscountCode | null,
  today: string
): { code: string; status: string; terms: DiscountCodeTerms | null } | null {
  if (!given) return null
  if (!code) return { code: given, status: 'unknown', terms: null }
  const terms = code.terms
  return { code: code.code, status: codeStatus(terms, today), terms }
}

export function invoiceForList(invoice: Invoice & { order: Order }) {
  return {
    id: invoice.id,
    number: invoice.number,
    issuedOn: invoice.issuedOn.toISODate()!,
    dueOn: invoice.dueOn.toISODate()!,
    kind: invoice.order.kind,
    months: invoice.order.months,
    totalCents: invoice.amounts.totalCents,
    status: invoice.order.status,
    orderId: invoice.orderId,
  }
}
