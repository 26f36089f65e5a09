import type Company from '#models/company'
import type Order from '#models/order'
import type User from '#models/user'
import type Invoice from '#models/invoice'
import type { Locale } from '#shared/locales'

/**
 * What a card payment provider does for us (README "Card payment"): open a hosted checkout
 * for an order, and tell whether a notification it sent is genuine and which order it paid.
 * The order is marked paid by `markOrderPaid`, which is idempotent.
 */
export interface CheckoutSession {
  /** Where to send the buyer to pay. */
  url: string
  /** The provider's id of the session (stored to find the order again). */
  token: string
  conversationId: string
}

export interface VerifiedPayment {
  /** The provider's unique reference of this notification (replays are refused by it). */
  reference: string
  token: string
  conversationId: string
  /** Whether the provider confirms the payment succeeded, for the order's full amount. */
  paid: boolean
  paidCents: number
}

export interface CardProvider {
  readonly name: string
  createCheckout(input: {
    order: Order
    invoice: Invoice
    company: Company
    user: User
    locale: Locale
    ip: string
    callbackUrl: string
  }): Promise<CheckoutSession>
  /** Checks the signature of a notification; null when it is forged or malformed. */
  verifyNotification(
    headers: Record<string, string | undefined>,
    body: unknown
  ): VerifiedPayment | null
  /** Asks the provider for the result of a checkout (after the buyer comes back). */
  retrieve(
    token: string,
    conversationId: string,
    locale: Locale
  ): Promise<{ paid: boolean; paidCents: number; reference: string }>
}
