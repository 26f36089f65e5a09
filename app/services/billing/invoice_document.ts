import edge from 'edge.js'
import { DateTime } from 'luxon'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { DEFAULT_PREFERENCES } from '#shared/date_format'
import type Invoice from '#models/invoice'
import type Order from '#models/order'
import BillingProfile from '#models/billing_profile'
import { renderPdf } from '#services/site/pdf_renderer'
import { formatMoney, formatNumber } from '#shared/quote_pricing'
import type { Locale } from '#shared/locales'

/** The invoice as its PDF prints it, every amount formatted in the invoice's language. */
export function invoiceDocument(invoice: Invoice, order: Order) {
  const locale = invoice.locale
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale)
  const a = invoice.amounts
  const date = (day: DateTime) =>
    day.setLocale(locale === 'tr' ? 'tr' : 'en-GB').toLocaleString(DateTime.DATE_MED)
  return {
    number: invoice.number,
    issuedOn: date(invoice.issuedOn),
    dueOn: date(invoice.dueOn),
    status: order.status,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: eur(line.unitCents),
      total: eur(line.totalCents),
    })),
    subtotal: eur(a.subtotalCents),
    discounts: a.discounts.map((discount) => ({
      label: discount.label,
      amount: eur(discount.cents),
    })),
    net: eur(a.netCents),
    vatPercent: a.vatPercent,
    vat: eur(a.vatCents),
    total: eur(a.totalCents),
    totalTry: formatMoney(a.totalTryCents, 'TRY', locale),
    rate: formatNumber(a.rate, locale, 4),
    bank: invoice.bank,
  }
}

/** The invoice as an A4 PDF in its own language (resources/views/invoice_pdf.edge). */
export async function invoicePdf(invoice: Invoice, order: Order): Promise<Buffer> {
  const i18n = i18nManager.locale(invoice.locale)
  const html = await edge.render('invoice_pdf', {
    locale: invoice.locale,
    doc: invoiceDocument(invoice, order),
    t: (key: string, values?: Record<string, unknown>) => i18n.t(key, values),
  })
  return renderPdf(html)
}

/**
 * Who gets a company's invoices: its owners and the billing e-mail of payment settings, each
 * with the language and date format to write to them in.
 */
export async function invoiceRecipients(
  companyId: number
): Promise<{ email: string; locale: Locale; dateFormat: string }[]> {
  const owners = await db
    .from('team_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.company_id', companyId)
    .where('m.role', 'owner')
    .select('u.email', 'u.locale', 'u.date_format')
  const recipients = new Map<string, { locale: Locale; dateFormat: string }>()
  for (const owner of owners) {
    recipients.set(owner.email, {
      locale: owner.locale === 'tr' ? 'tr' : 'en',
      dateFormat: owner.date_format ?? DEFAULT_PREFERENCES.dateFormat,
    })
  }
  const profile = await BillingProfile.find(companyId)
  if (profile?.billingEmail && !recipients.has(profile.billingEmail)) {
    recipients.set(profile.billingEmail, {
      locale: 'en',
      dateFormat: DEFAULT_PREFERENCES.dateFormat,
    })
  }
  return [...recipients].map(([email, reader]) => ({ email, ...reader }))
}

/**
 * E-mails the invoice PDF (in the invoice's language) to the company's owners and billing
 * address. Without SMTP the log mailer writes it to the log. Failures are logged, never
 * undo the order.
 */
export async function sendInvoiceMail(invoice: Invoice, order: Order) {
  try {
    const pdf = await invoicePdf(invoice, order)
    const i18n = i18nManager.locale(invoice.locale)
    const doc = invoiceDocument(invoice, order)
    const values = { number: invoice.number, total: doc.total, dueOn: doc.dueOn }
    const recipients = await invoiceRecipients(invoice.companyId)
    for (const recipient of recipients) {
      await mail.send((message) => {
        message
          .to(recipient.email)
          .subject(i18n.t('billing.mail.invoice.subject', values))
          .htmlView('emails/action', {
            locale: invoice.locale,
            heading: i18n.t('billing.mail.invoice.heading', values),
            body: i18n.t(
              order.paymentMethod === 'bank_transfer'
                ? 'billing.mail.invoice.bodyBank'
                : 'billing.mail.invoice.body',
              values
            ),
            actionLabel: null,
            actionUrl: null,
            footer: i18n.t('mail.footer'),
          })
          .textView('emails/action_text', {
            heading: i18n.t('billing.mail.invoice.heading', values),
            body: i18n.t('billing.mail.invoice.body', values),
            actionUrl: null,
            footer: i18n.t('mail.footer'),
          })
          .attachData(pdf, { filename: `${invoice.number}.pdf`, contentType: 'application/pdf' })
      })
      if (mail.use().name === 'log') {
        logger.info(
          { to: recipient.email, invoice: invoice.number },
          'invoice mail (no SMTP_HOST set)'
        )
      }
    }
  } catch (error) {
    logger.error({ err: error, invoice: invoice.number }, 'invoice mail failed')
  }
}
