import type Invoice from '#models/invoice'
import type Order from '#models/order'
import type { SubscriptionRow } from '#services/billing/subscriptions'
import type DiscountCode from '#models/discount_code'
import { codeStatus, type DiscountCodeTerms } from '#shared/subscription_pricing'

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
    kind: invoice.order.kind,
    months: invoice.order.months,
    totalCents: invoice.amounts.totalCents,
    status: invoice.order.status,
    orderId: invoice.orderId,
  }
}
