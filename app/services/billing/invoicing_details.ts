import { type DateTime } from 'luxon'
import type Company from '#models/company'
import type { PaymentMethod } from '#models/billing_profile'
import billingConfig from '#config/billing'

/** What an invoice must carry about its buyer before it may be issued (besides the name). */
export const invoicingDetails = ['taxId', 'address', 'city', 'country'] as const
export type InvoicingDetail = (typeof invoicingDetails)[number]

/** The buyer's invoicing details that are still empty in the company settings. */
export function missingInvoicingDetails(company: Company): InvoicingDetail[] {
  return invoicingDetails.filter((detail) => !String(company[detail] ?? '').trim())
}

/** An order refused because the buyer's invoicing details are incomplete (nothing was stored). */
export class IncompleteInvoicingDetailsError extends Error {
  constructor(readonly missing: InvoicingDetail[]) {
    super(`incomplete invoicing details: ${missing.join(', ')}`)
  }
}

export function assertInvoicingDetails(company: Company) {
  const missing = missingInvoicingDetails(company)
  if (missing.length > 0) throw new IncompleteInvoicingDetailsError(missing)
}

/**
 * The day an invoice must be paid by: a card pays when ordering, so its invoice is due on the
 * day it is issued; a bank transfer has `INVOICE_DUE_DAYS` (14) days.
 */
export function invoiceDueOn(issuedOn: DateTime, method: PaymentMethod): DateTime {
  return method === 'card' ? issuedOn : issuedOn.plus({ days: billingConfig.invoiceDueDays })
}

/**
 * The environment variables of the sellers' tax and registry numbers that are empty: the
 * invoices then print without them, which the web process warns about when it starts.
 */
export function missingSellerNumbers(
  offices: { code: string; taxId: string; registryCode: string }[]
): string[] {
  const names: Record<string, { taxId: string; registryCode: string }> = {
    ee: { taxId: 'OFFICE_EE_VAT_ID', registryCode: 'OFFICE_EE_REGISTRY_CODE' },
    tr: { taxId: 'OFFICE_TR_TAX_ID', registryCode: 'OFFICE_TR_TRADE_REGISTRY' },
  }
  return offices.flatMap((office) =>
    (['taxId', 'registryCode'] as const)
      .filter((field) => !office[field])
      .map((field) => names[office.code]?.[field] ?? `${office.code}.${field}`)
  )
}
