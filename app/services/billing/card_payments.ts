import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Order from '#models/order'
import type Invoice from '#models/invoice'
import type Company from '#models/company'
import type User from '#models/user'
import type { CardProvider } from '#services/billing/card_provider'
import { markOrderPaid } from '#services/billing/orders'
import type { Locale } from '#shared/locales'

/** Opens the provider's checkout for an order awaiting payment; answers where to send the buyer. */
export async function startCheckout(
  provider: CardProvider,
  input: {
    order: Order
    invoice: Invoice
    company: Company
    user: User
    locale: Locale
    ip: string
    callbackUrl: string
  }
): Promise<string> {
  const session = await provider.createCheckout(input)
  await db.table('payment_sessions').insert({
    order_id: input.order.id,
    provider: provider.name,
    token: session.token,
    conversation_id: session.conversationId,
    created_at: new Date(),
  })
  return session.url
}

export type NotificationOutcome = 'paid' | 'not_paid' | 'forged' | 'replayed' | 'unknown'

async function sessionOf(provider: CardProvider, token: string) {
  return db.from('payment_sessions').where('provider', provider.name).where('token', token).first()
}

/**
 * Confirms with the provider and marks the order paid when the payment succeeded for the
 * order's whole total (markOrderPaid is idempotent).
 */
async function confirm(
  provider: CardProvider,
  session: { order_id: number; token: string; conversation_id: string },
  reference: string
): Promise<boolean> {
  const order = await Order.findOrFail(session.order_id)
  const result = await provider.retrieve(session.token, session.conversation_id, 'en')
  if (!result.paid || result.paidCents !== order.totalCents) {
    logger.warn({ order: order.id, result }, 'card payment not confirmed')
    return false
  }
  await markOrderPaid(order.id, { userId: null, reference: `${provider.name}:${reference}` })
  return true
}

/**
 * A provider's server-to-server notification: refused when its signature is wrong (forged) or
 * when the same notification was handled before (replayed); otherwise the payment is confirmed
 * with the provider before the order is marked paid. Order does not matter: a declined attempt
 * notified after the payment never unpays the order, and a success the provider does not
 * confirm yet can be delivered again.
 */
export async function handleNotification(
  provider: CardProvider,
  headers: Record<string, string | undefined>,
  body: unknown
): Promise<NotificationOutcome> {
  const verified = provider.verifyNotification(headers, body)
  if (!verified) return 'forged'
  const session = await sessionOf(provider, verified.token)
  if (!session) return 'unknown'
  const claimed = await db.rawQuery<{ rows: unknown[] }>(
    `INSERT INTO payment_events (provider, reference, order_id, status, created_at)
     VALUES (?, ?, ?, ?, now()) ON CONFLICT (provider, reference) DO NOTHING RETURNING id`,
    [provider.name, verified.reference, session.order_id, verified.paid ? 'success' : 'failure']
  )
  if (claimed.rows.length === 0) return 'replayed'
  if (!verified.paid) return 'not_paid'
  if (await confirm(provider, session, verified.reference)) return 'paid'
  // The provider does not confirm the payment yet (its webhook can arrive before the payment
  // completes): the claim is released so that the provider's retry of it is handled again.
  await db
    .from('payment_events')
    .where('provider', provider.name)
    .where('reference', verified.reference)
    .delete()
  return 'not_paid'
}

/** The buyer is back from the hosted page with the checkout token. */
export async function handleReturn(provider: CardProvider, token: string): Promise<boolean> {
  const session = await sessionOf(provider, token)
  if (!session) return false
  return confirm(provider, session, `return:${token}`)
}
