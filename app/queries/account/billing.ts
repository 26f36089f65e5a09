import db from '@adonisjs/lucid/services/db'
import Invoice from '#models/invoice'
import DiscountCode from '#models/discount_code'

/** The company's invoices with their orders, newest first. */
export function companyInvoices(companyId: number) {
  return Invoice.query()
    .where('company_id', companyId)
    .preload('order')
    .orderBy('issued_on', 'desc')
    .orderBy('id', 'desc')
}

/** One of the company's invoices with its order; another company's is a 404. */
export function findCompanyInvoice(companyId: number, id: unknown) {
  return Invoice.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .preload('order')
    .firstOrFail()
}

/** Every company's orders awaiting a bank transfer, oldest first (platform staff). */
export async function ordersAwaitingPayment(limit = 200) {
  const rows = await db
    .from('orders as o')
    .join('invoices as i', 'i.order_id', 'o.id')
    .join('companies as c', 'c.id', 'o.company_id')
    .where('o.status', 'awaiting_payment')
    .select('o.id', 'i.number', 'c.name as company', 'o.total_cents', 'o.payment_method')
    .orderBy('o.id', 'asc')
    .limit(limit)
  return rows.map((row) => ({
    orderId: row.id as number,
    number: row.number as string,
    company: row.company as string,
    totalCents: row.total_cents as number,
  }))
}

/** The latest discount codes, newest first (platform staff). */
export function latestDiscountCodes(limit = 200) {
  return DiscountCode.query().orderBy('id', 'desc').limit(limit)
}
