import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import env from '#start/env'
import type {
  CardProvider,
  CheckoutSession,
  VerifiedPayment,
} from '#services/billing/card_provider'

/**
 * iyzico's hosted checkout form (https://docs.iyzico.com): "Checkout Form Initialize"
 * (POST /payment/iyzipos/checkoutform/initialize/auth/ecom) opens it, "Retrieve Checkout
 * Form" (POST /payment/iyzipos/checkoutform/auth/ecom/detail) tells the result. Requests
 * are signed with the IYZWSv2 scheme: HMAC-SHA256(secret, randomKey + path + body) in an
 * Authorization header. Webhooks of the hosted page carry X-Iyz-Signature-V3 =
 * HMAC-SHA256(secret, secret + iyziEventType + iyziPaymentId + token +
 * paymentConversationId + status), hex.
 *
 * Enabled by IYZICO_API_KEY and IYZICO_SECRET_KEY; IYZICO_BASE_URL defaults to the sandbox.
 */
export class IyzicoProvider implements CardProvider {
  readonly name = 'iyzico'

  constructor(
    private readonly apiKey: string,
    private readonly secretKey: string,
    private readonly baseUrl: string
  ) {}

  static fromEnv(): IyzicoProvider | null {
    const apiKey = env.get('IYZICO_API_KEY')
    const secretKey = env.get('IYZICO_SECRET_KEY')
    if (!apiKey || !secretKey) return null
    const baseUrl = (env.get('IYZICO_BASE_URL') ?? 'https://sandbox-api.iyzipay.com').replace(
      /\/$/,
      ''
    )
    return new IyzicoProvider(apiKey, secretKey, baseUrl)
  }

  /** The IYZWSv2 Authorization header of a request. */
  authorization(path: string, body: string, randomKey: string) {
    const signature = createHmac('sha256', this.secretKey)
      .update(randomKey + path + body)
      .digest('hex')
    const params = `apiKey:${this.apiKey}&randomKey:${randomKey}&signature:${signature}`
    return `IYZWSv2 ${Buffer.from(params).toString('base64')}`
  }

  private async post(path: string, payload: Record<string, unknown>) {
    const body = JSON.stringify(payload)
    const randomKey = `${Date.now()}${randomBytes(6).toString('hex')}`
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept': 'application/json',
        'authorization': this.authorization(path, body, randomKey),
        'x-iyzi-rnd': randomKey,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    })
    const result = (await response.json()) as Record<string, any>
    if (!response.ok || result.status !== 'success') {
      throw new Error(
        `iyzico ${path} failed: ${result.errorCode ?? response.status} ${result.errorMessage ?? ''}`
      )
    }
    return result
  }

  async createCheckout({
    order,
    invoice,
    company,
    user,
    locale,
    ip,
    callbackUrl,
  }: Parameters<CardProvider['createCheckout']>[0]): Promise<CheckoutSession> {
    const amount = (order.totalCents / 100).toFixed(2)
    const conversationId = `order-${order.id}-${randomBytes(4).toString('hex')}`
    const [name, ...rest] = (user.fullName ?? company.name).trim().split(/\s+/)
    const address = {
      contactName: user.fullName ?? company.name,
      city: company.city ?? 'Istanbul',
      country: company.country ?? 'Turkey',
      address: company.address ?? company.name,
    }
    const result = await this.post('/payment/iyzipos/checkoutform/initialize/auth/ecom', {
      locale,
      conversationId,
      price: amount,
      paidPrice: amount,
      currency: order.currency,
      basketId: invoice.number,
      paymentGroup: 'SUBSCRIPTION',
      callbackUrl,
      enabledInstallments: [1],
      buyer: {
        id: String(user.id),
        name: name || company.name,
        surname: rest.join(' ') || name || company.name,
        email: user.email,
        // iyzico requires an identity number; the company's tax ID, else its documented filler.
        identityNumber: company.taxId || '11111111111',
        registrationAddress: address.address,
        ip,
        city: address.city,
        country: address.country,
      },
      billingAddress: address,
      shippingAddress: address,
      basketItems: [
        {
          id: invoice.number,
          name: invoice.number,
          category1: order.kind,
          itemType: order.kind === 'products' ? 'PHYSICAL' : 'VIRTUAL',
          price: amount,
        },
      ],
    })
    return { url: String(result.paymentPageUrl), token: String(result.token), conversationId }
  }

  verifyNotification(
    headers: Record<string, string | undefined>,
    body: unknown
  ): VerifiedPayment | null {
    const signature = headers['x-iyz-signature-v3']
    if (!signature || typeof body !== 'object' || body === null) return null
    const event = body as Record<string, unknown>
    const field = (name: string) =>
      typeof event[name] === 'string' || typeof event[name] === 'number' ? String(event[name]) : ''
    const key =
      this.secretKey +
      field('iyziEventType') +
      field('iyziPaymentId') +
      field('token') +
      field('paymentConversationId') +
      field('status')
    const expected = createHmac('sha256', this.secretKey).update(key).digest('hex')
    const given = Buffer.from(signature.toLowerCase())
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
      return null
    }
    if (!field('token') || !field('iyziReferenceCode')) return null
    return {
      reference: field('iyziReferenceCode'),
      token: field('token'),
      conversationId: field('paymentConversationId'),
      paid: field('status') === 'SUCCESS',
      paidCents: 0,
    }
  }

  async retrieve(token: string, conversationId: string, locale: 'en' | 'tr') {
    const result = await this.post('/payment/iyzipos/checkoutform/auth/ecom/detail', {
      locale,
      conversationId,
      token,
    })
    return {
      paid: result.paymentStatus === 'SUCCESS' && result.conversationId === conversationId,
      paidCents: Math.round(Number(result.paidPrice) * 100),
      reference: String(result.paymentId ?? token),
    }
  }
}

/** The card provider configured in the environment, if any. */
export function cardProvider(): IyzicoProvider | null {
  return IyzicoProvider.fromEnv()
}
