import type DiscountCode from '#models/discount_code'
import { codeStatus, type DiscountCodeTerms } from '#shared/subscription_pricing'
import type { I18n } from '@adonisjs/i18n'
import type { InvoicingDetail } from '#services/billing/invoicing_details'

/*
 * Billing's page data: subscriptions, invoices and the order review are transformer classes
 * of their own (subscription_transformer.ts, invoice_transformer.ts,
 * order_review_transformer.ts); what is left here is not a record's shape.
 */

/** The missing invoicing details as words of a sentence ("tax ID, city"). */
export function missingDetailsText(i18n: I18n, missing: InvoicingDetail[]) {
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    missing.map((detail) => i18n.t(`billing.details.${detail}`))
  )
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
