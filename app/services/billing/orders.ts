import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import i18nManager from '@adonisjs/i18n/services/main'
import { errors as lucidErrors } from '@adonisjs/lucid'
import type Company from '#models/company'
import type User from '#models/user'
import Order from '#models/order'
import OrderItem from '#models/order_item'
import Subscription from '#models/subscription'
import DiscountCode from '#models/discount_code'
import BillingProfile, { type PaymentMethod } from '#models/billing_profile'
import type Invoice from '#models/invoice'
import { exchangeRate } from '#services/site/quotes'
import { issueInvoice } from '#services/billing/invoice_snapshot'
import { assertInvoicingDetails } from '#services/billing/invoicing_details'
import { ensureSubscriptions, extensionBase } from '#services/billing/subscriptions'
import {
  PLAN_MONTHLY_CENTS,
  priceExtension,
  priceProductOrder,
  type ExtensionMonths,
} from '#shared/subscription_pricing'
import { products, type Quantities } from '#shared/quote_pricing'
import type { Locale } from '#shared/locales'

/** A discount code that does not exist or may not be used today (the field's error). */
export class DiscountCodeError extends Error {
  constructor(readonly reason: 'unknown' | 'not_yet_valid' | 'expired' | 'used_up') {
    super(reason)
  }
}

export class EmptyOrderError extends Error {}

interface Buyer {
  company: Company
  user: User
  locale: Locale
  /** Today in the buyer's time zone. */
  today: DateTime
}

async function lockedCode(code: string | null | undefined, trx: TransactionClientContract) {
  const value = code?.trim().toUpperCase()
  if (!value) return null
  const found = await DiscountCode.query({ client: trx }).where('code', value).forUpdate().first()
  if (!found) throw new DiscountCodeError('unknown')
  return found
}

async function useCode(code: DiscountCode | null, status: string, trx: TransactionClientContract) {
  if (!code) return
  if (status !== 'applied') throw new DiscountCodeError(status as DiscountCodeError['reason'])
  code.usedCount += 1
  code.useTransaction(trx)
  await code.save()
}

async function paymentMethodOf(companyId: number, trx: TransactionClientContract) {
  const profile = await BillingProfile.query({ client: trx }).where('company_id', companyId).first()
  return { profile, method: (profile?.paymentMethod ?? 'bank_transfer') as PaymentMethod }
}

/**
 * Orders the extension of the company's chosen subscriptions by `months`: prices it with the
 * one price function, stores the order and its lines, and issues its invoice, all in one
 * transaction. Another company's subscription is "not found".
 */
export async function placeExtensionOrder(
  buyer: Buyer,
  input: { subscriptionIds: number[]; months: ExtensionMonths; code?: string | null }
): Promise<{ order: Order; invoice: Invoice }> {
  const ids = [...new Set(input.subscriptionIds)]
  if (ids.length === 0) throw new EmptyOrderError()
  assertInvoicingDetails(buyer.company)
  await ensureSubscriptions(buyer.company.id)
  return db.transaction(async (trx) => {
    const subscriptions = await Subscription.query({ client: trx })
      .where('company_id', buyer.company.id)
      .whereIn('id', ids)
      .preload('device')
      .orderBy('id')
      .forUpdate()
    if (subscriptions.length !== ids.length) throw new lucidErrors.E_ROW_NOT_FOUND()
    const code = await lockedCode(input.code, trx)
    const { rate } = exchangeRate()
    const price = priceExtension({
      vehicles: subscriptions.map((subscription) => ({ isNew: subscription.paidPeriods === 0 })),
      months: input.months,
      code: code?.terms,
      today: buyer.today.toISODate()!,
      rate,
    })
    await useCode(code, price.codeStatus, trx)
    const { profile, method } = await paymentMethodOf(buyer.company.id, trx)
    const order = await Order.create(
      {
        companyId: buyer.company.id,
        kind: 'extension',
        status: 'awaiting_payment',
        paymentMethod: method,
        months: input.months,
        discountCodeId: code?.id ?? null,
        currency: 'EUR',
        netCents: price.netCents,
        vatCents: price.vatCents,
        totalCents: price.totalCents,
        pricing: { ...price },
        placedBy: buyer.user.id,
      },
      { client: trx }
    )
    const i18n = i18nManager.locale(buyer.locale)
    const items = await OrderItem.createMany(
      subscriptions.map((subscription, position) => ({
        orderId: order.id,
        subscriptionId: subscription.id,
        description: i18n.t('billing.invoice.extensionLine', {
          vehicle: subscription.device.plate
            ? `${subscription.device.name} (${subscription.device.plate})`
            : subscription.device.name,
          imei: subscription.device.imei,
          months: input.months,
        }),
        quantity: input.months,
        unitCents: PLAN_MONTHLY_CENTS,
        totalCents: input.months * PLAN_MONTHLY_CENTS,
        position,
      })),
      { client: trx }
    )
    const invoice = await issueInvoice(
      order,
      items,
      { company: buyer.company, profile, locale: buyer.locale },
      trx
    )
    return { order, invoice }
  })
}

/** Orders catalogue products (the public quote's price list); its invoice is issued at once. */
export async function placeProductOrder(
  buyer: Buyer,
  input: { quantities: Quantities; code?: string | null }
): Promise<{ order: Order; invoice: Invoice }> {
  assertInvoicingDetails(buyer.company)
  return db.transaction(async (trx) => {
    const code = await lockedCode(input.code, trx)
    const { rate } = exchangeRate()
    const price = priceProductOrder({
      quantities: input.quantities,
      code: code?.terms,
      today: buyer.today.toISODate()!,
      rate,
    })
    if (price.lines.length === 0) throw new EmptyOrderError()
    await useCode(code, price.codeStatus, trx)
    const { profile, method } = await paymentMethodOf(buyer.company.id, trx)
    const order = await Order.create(
      {
        companyId: buyer.company.id,
        kind: 'products',
        status: 'awaiting_payment',
        paymentMethod: method,
        months: null,
        discountCodeId: code?.id ?? null,
        currency: 'EUR',
        netCents: price.netCents,
        vatCents: price.vatCents,
        totalCents: price.totalCents,
        pricing: { ...price },
        placedBy: buyer.user.id,
      },
      { client: trx }
    )
    const i18n = i18nManager.locale(buyer.locale)
    const items = await OrderItem.createMany(
      price.lines.map((line, position) => ({
        orderId: order.id,
        productKey: line.key,
        description: i18n.t(`site.products.catalogue.${line.key}.name`),
        quantity: line.quantity,
        unitCents: line.unitPriceCents,
        totalCents: line.totalCents,
        position,
      })),
      { client: trx }
    )
    const invoice = await issueInvoice(
      order,
      items,
      { company: buyer.company, profile, locale: buyer.locale },
      trx
    )
    return { order, invoice }
  })
}

export const catalogue = products

/**
 * Marks an order paid (platform staff for bank transfers, the card provider's verified
 * webhook): an extension moves each vehicle's subscription and licence end date by the months
 * ordered, from its current end or from today once that has passed. Idempotent: an order
 * already paid or cancelled is left alone (answers false).
 */
export async function markOrderPaid(
  orderId: number,
  by: { userId: number | null; reference?: string | null; today?: DateTime }
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const order = await Order.query({ client: trx }).where('id', orderId).forUpdate().firstOrFail()
    if (order.status !== 'awaiting_payment') return false
    const today = (by.today ?? DateTime.now().setZone('Europe/Istanbul')).startOf('day')
    order.merge({
      status: 'paid',
      paidAt: DateTime.utc(),
      paidBy: by.userId,
      paymentReference: by.reference ?? null,
    })
    order.useTransaction(trx)
    await order.save()

    if (order.kind === 'extension' && order.months) {
      const items = await OrderItem.query({ client: trx })
        .where('order_id', order.id)
        .whereNotNull('subscription_id')
      const code = order.discountCodeId
        ? await DiscountCode.query({ client: trx }).where('id', order.discountCodeId).first()
        : null
      for (const item of items) {
        const subscription = await Subscription.query({ client: trx })
          .where('id', item.subscriptionId!)
          .forUpdate()
          .first()
        if (!subscription) continue
        const endsOn = extensionBase(subscription.endsOn, today).plus({ months: order.months })
        subscription.merge({
          endsOn,
          status: 'active',
          expiredAt: null,
          paidPeriods: subscription.paidPeriods + 1,
          lastExtensionMonths: order.months,
          lastDiscountCode: code?.code ?? null,
        })
        subscription.useTransaction(trx)
        await subscription.save()
        await trx
          .from('devices')
          .where('id', subscription.deviceId)
          .update({ licence_end_date: endsOn.toISODate(), updated_at: new Date() })
      }
    }
    return true
  })
}
