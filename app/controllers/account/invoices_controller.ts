import type { HttpContext } from '@adonisjs/core/http'
import type Invoice from '#models/invoice'
import DiscountCode from '#models/discount_code'
import { DateTime } from 'luxon'
import {
  BillingMessagesProvider,
  discountCodeValidator,
} from '#validators/account/billing_validators'
import { invoicePdf } from '#services/billing/invoice_document'
import { markOrderPaid } from '#services/billing/orders'
import { isPlatformStaff } from '#services/site/platform_staff'
import { invoiceForList } from '#transformers/account/invoice_transformer'
import { answerRefusal } from '#exceptions/refusal'
import { cardProvider } from '#services/billing/iyzico_provider'
import { todayOf } from '#services/billing/customer_today'
import {
  companyInvoices,
  findCompanyInvoice,
  latestDiscountCodes,
  ordersAwaitingPayment,
} from '#queries/account/billing'

/**
 * The company's invoices and their PDFs; platform staff (PLATFORM_ADMIN_EMAILS) also see
 * every company's orders awaiting a bank transfer and mark them paid.
 */
export default class InvoicesController {
  async index(ctx: HttpContext) {
    const { inertia, company, auth } = ctx
    const staff = isPlatformStaff(auth.user)
    // Admins and owners see their company's invoices; platform staff see the staff sections
    // whatever their company role.
    const member = await ctx.bouncer.allows('seeBilling')
    if (!member && !staff) return answerRefusal(ctx)
    const invoices = member ? await companyInvoices(company!.id) : []
    const awaiting = staff ? await ordersAwaitingPayment() : []
    const codes = staff ? await latestDiscountCodes() : []
    return inertia.render('account/invoices', {
      discountCodes: codes.map((code) => ({
        id: code.id,
        code: code.code,
        kind: code.kind,
        value: code.value,
        validFrom: code.validFrom?.toISODate() ?? null,
        validUntil: code.validUntil?.toISODate() ?? null,
        maxUses: code.maxUses,
        usedCount: code.usedCount,
      })),
      invoices: invoices.map((invoice) => invoiceForList(invoice as Invoice & { order: never })),
      staff,
      canPayByCard: cardProvider() !== null && (await ctx.bouncer.allows('ownCompany')),
      awaiting,
    })
  }

  /** The invoice as issued, as an A4 PDF in its own language. Another company's: 404. */
  async pdf({ params, company, response }: HttpContext) {
    const invoice = await findCompanyInvoice(company!.id, params.id)
    const pdf = await invoicePdf(invoice, invoice.order)
    return response
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf)
  }

  /** Platform staff mark an order paid (bank transfer received); its subscriptions move. */
  async markPaid(ctx: HttpContext) {
    const { params, session, response, i18n, auth } = ctx
    if (!isPlatformStaff(auth.user)) return answerRefusal(ctx)
    const done = await markOrderPaid(Number(params.id), {
      userId: auth.user!.id,
      reference: 'bank_transfer',
      today: todayOf(ctx),
    })
    session.flash(
      done ? 'success' : 'error',
      i18n.t(done ? 'billing.invoices.staff.marked' : 'billing.invoices.staff.already')
    )
    return response.redirect().back()
  }

  /** Platform staff create a discount code (percent, or a fixed amount entered in EUR cents). */
  async storeDiscountCode(ctx: HttpContext) {
    const { request, session, response, i18n, auth } = ctx
    if (!isPlatformStaff(auth.user)) return answerRefusal(ctx)
    const data = await request.validateUsing(discountCodeValidator, {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    if (data.kind === 'percent' && data.value > 100) {
      session.flash('inputErrorsBag', { value: [i18n.t('billing.codes.percentTooHigh')] })
      session.flashAll()
      return response.redirect().back()
    }
    await DiscountCode.create({
      code: data.code,
      kind: data.kind,
      value: data.value,
      validFrom: data.valid_from ? DateTime.fromJSDate(data.valid_from) : null,
      validUntil: data.valid_until ? DateTime.fromJSDate(data.valid_until) : null,
      maxUses: data.max_uses ?? null,
      usedCount: 0,
    })
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }
}
