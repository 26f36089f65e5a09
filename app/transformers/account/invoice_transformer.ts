import { BaseTransformer } from '@adonisjs/core/transformers'
import type Invoice from '#models/invoice'
import type Order from '#models/order'

/** An invoice as the invoices page lists it; its type is generated (`Data.Account.Invoice`). */
export default class InvoiceTransformer extends BaseTransformer<Invoice & { order: Order }> {
  toObject() {
    const invoice = this.resource
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
}

export function invoiceForList(invoice: Invoice & { order: Order }) {
  return new InvoiceTransformer(invoice).toObject()
}
