import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import i18nManager from '@adonisjs/i18n/services/main'
import { companyOffices } from '#config/company_offices'
import billingConfig from '#config/billing'
import type Company from '#models/company'
import type Order from '#models/order'
import type OrderItem from '#models/order_item'
import Invoice from '#models/invoice'
import type BillingProfile from '#models/billing_profile'
import type { Locale } from '#shared/locales'
import { invoiceDueOn } from '#services/billing/invoicing_details'

/** A party of an invoice as printed: its name, then address and identifier lines. */
export type InvoiceParty = {
  name: string
  lines: string[]
  taxId: string
  /** The trade registry number (sellers; absent on buyers and on older invoices). */
  registryCode?: string
  email: string
}

export interface InvoiceLine {
  description: string
  quantity: number
  unitCents: number
  totalCents: number
}

export interface InvoiceAmounts {
  currency: 'EUR'
  subtotalCents: number
  /** Each discount with its label in the invoice's language. */
  discounts: { label: string; cents: number }[]
  netCents: number
  vatPercent: number
  vatCents: number
  totalCents: number
  totalTryCents: number
  rate: number
}

export interface InvoiceBank {
  accountName: string
  bankName: string
  iban: string
  swift: string
}

/** INV-<year>-<6 digits>. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`
}

/**
 * The next number of `year`, from the year's counter row. The row stays locked until the
 * transaction ends, so concurrent orders wait for each other, and a rolled-back order gives
 * its number back: numbers have no gaps.
 */
export async function nextInvoiceSequence(year: number, trx: TransactionClientContract) {
  const result = await trx.rawQuery<{ rows: { last_number: number }[] }>(
    `INSERT INTO invoice_counters (year, last_number) VALUES (?, 1)
     ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING last_number`,
    [year]
  )
  return Number(result.rows[0].last_number)
}

export function sellerParties(): InvoiceParty[] {
  return companyOffices.map((office) => ({
    name: office.legalName,
    lines: [
      office.address,
      [office.postalCode, office.city].filter(Boolean).join(' '),
      office.country,
    ]
      .map((line) => line.trim())
      .filter(Boolean),
    taxId: office.taxId,
    registryCode: office.registryCode,
    email: office.email,
  }))
}

export function buyerParty(company: Company, profile: BillingProfile | null): InvoiceParty {
  return {
    name: company.name,
    lines: [
      profile?.contactName ?? '',
      company.address ?? '',
      [company.postalCode, company.city, company.state].filter(Boolean).join(' '),
      company.country ?? '',
    ]
      .map((line) => line.trim())
      .filter(Boolean),
    taxId: company.taxId ?? '',
    email: profile?.billingEmail ?? company.contactEmail ?? '',
  }
}

/**
 * Issues the order's invoice inside the order's transaction: the next number of the year,
 * the seller and buyer as they are now, the lines and amounts of the order. Nothing on it
 * changes afterwards.
 */
export async function issueInvoice(
  order: Order,
  items: OrderItem[],
  context: { company: Company; profile: BillingProfile | null; locale: Locale; now?: DateTime },
  trx: TransactionClientContract
): Promise<Invoice> {
  const now = context.now ?? DateTime.utc()
  const issuedOn = now.setZone('Europe/Istanbul').startOf('day')
  const year = issuedOn.year
  const sequence = await nextInvoiceSequence(year, trx)
  const i18n = i18nManager.locale(context.locale)
  const pricing = order.pricing as Record<string, number | string | null>
  const discounts: InvoiceAmounts['discounts'] = []
  const add = (key: string, cents: unknown, values: Record<string, unknown> = {}) => {
    if (typeof cents === 'number' && cents > 0) {
      discounts.push({ label: i18n.t(`billing.invoice.discounts.${key}`, values), cents })
    }
  }
  if (order.kind === 'extension') {
    add('extension', pricing.extensionDiscountCents, {
      percent: pricing.extensionDiscountPercent,
      months: order.months,
    })
    add('firstMonth', pricing.firstMonthDiscountCents, {
      percent: pricing.firstMonthDiscountPercent,
    })
  } else {
    add('volume', pricing.volumeDiscountCents, { percent: pricing.volumeDiscountPercent })
  }
  add('code', pricing.codeDiscountCents, { code: pricing.code ?? '' })

  return Invoice.create(
    {
      companyId: order.companyId,
      orderId: order.id,
      number: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      locale: context.locale,
      issuedOn,
      dueOn: invoiceDueOn(issuedOn, order.paymentMethod),
      seller: sellerParties(),
      buyer: buyerParty(context.company, context.profile),
      lines: items.map((item) => ({
        description: item.description,
        quantity: item.quantity,
        unitCents: item.unitCents,
        totalCents: item.totalCents,
      })),
      amounts: {
        currency: 'EUR',
        subtotalCents: items.reduce((sum, item) => sum + item.totalCents, 0),
        discounts,
        netCents: order.netCents,
        vatPercent: Number(pricing.vatPercent),
        vatCents: order.vatCents,
        totalCents: order.totalCents,
        totalTryCents: Number(pricing.totalTryCents),
        rate: Number(pricing.rate),
      },
      bank: order.paymentMethod === 'bank_transfer' ? billingConfig.bank : null,
    },
    { client: trx }
  )
}
