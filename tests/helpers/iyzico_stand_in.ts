import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const IYZICO_TEST_API_KEY = 'sandbox-api-key'
export const IYZICO_TEST_SECRET = 'sandbox-secret-key'

const INITIALIZE_PATH = '/payment/iyzipos/checkoutform/initialize/auth/ecom'
const DETAIL_PATH = '/payment/iyzipos/checkoutform/auth/ecom/detail'

interface Checkout {
  token: string
  conversationId: string
  paidPrice: string
  callbackUrl: string
  /** The result the detail call answers: null while the buyer has not paid. */
  paymentStatus: 'SUCCESS' | 'FAILURE' | null
  paymentId: string
}

export interface IyzicoNotification {
  body: Record<string, string | number>
  signature: string
}

/**
 * A local stand-in for iyzico's API (docs.iyzico.com), a real HTTP server the test suite
 * starts: it refuses any request whose IYZWSv2 Authorization is not signed with the test
 * keys, opens checkout forms ("Checkout Form Initialize"), answers their result ("Retrieve
 * Checkout Form"), lets a test play the buyer on the hosted page (`pay`), and sends the
 * merchant's webhook signed with X-Iyz-Signature-V3 as iyzico does.
 */
class IyzicoStandIn {
  #server: Server | null = null
  url = ''
  /** Bodies of the Checkout Form Initialize requests, in order. */
  initialized: Record<string, any>[] = []
  refusedAuth = 0
  checkouts = new Map<string, Checkout>()
  #sequence = 0

  async start() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const answer = (body: unknown) => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify(body))
        }
        if (!this.#authorized(request.url!, raw, request.headers)) {
          this.refusedAuth++
          return answer({ status: 'failure', errorCode: '1001', errorMessage: 'auth' })
        }
        const body = JSON.parse(raw)
        if (request.url === INITIALIZE_PATH) return answer(this.#initialize(body))
        if (request.url === DETAIL_PATH) return answer(this.#detail(body))
        response.writeHead(404).end()
      })
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`
  }

  async stop() {
    await new Promise<void>((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve()
    )
  }

  /** The keys the app must be configured with to talk to the stand-in. */
  env() {
    return {
      IYZICO_API_KEY: IYZICO_TEST_API_KEY,
      IYZICO_SECRET_KEY: IYZICO_TEST_SECRET,
      IYZICO_BASE_URL: this.url,
    }
  }

  #initialize(body: Record<string, any>) {
    this.initialized.push(body)
    const token = `tok-${++this.#sequence}`
    this.checkouts.set(token, {
      token,
      conversationId: body.conversationId,
      paidPrice: body.paidPrice,
      callbackUrl: body.callbackUrl,
      paymentStatus: null,
      paymentId: String(22483975 + this.#sequence),
    })
    return {
      status: 'success',
      locale: body.locale,
      systemTime: Date.now(),
      conversationId: body.conversationId,
      token,
      tokenExpireTime: 1800,
      paymentPageUrl: `${this.url}/pay/${token}`,
    }
  }

  #detail(body: Record<string, any>) {
    const checkout = this.checkouts.get(body.token)
    if (!checkout) {
      return { status: 'failure', errorCode: '5147', errorMessage: 'token not found' }
    }
    return {
      status: 'success',
      locale: body.locale,
      systemTime: Date.now(),
      conversationId: checkout.conversationId,
      token: checkout.token,
      paymentStatus: checkout.paymentStatus ?? 'FAILURE',
      paidPrice: checkout.paymentStatus === 'SUCCESS' ? Number(checkout.paidPrice) : 0,
      paymentId: checkout.paymentId,
      basketId: body.basketId,
    }
  }

  #authorized(path: string, body: string, headers: IncomingHttpHeaders) {
    const header = String(headers.authorization ?? '')
    if (!header.startsWith('IYZWSv2 ')) return false
    const params = Object.fromEntries(
      Buffer.from(header.slice(8), 'base64')
        .toString('utf8')
        .split('&')
        .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)])
    )
    const expected = createHmac('sha256', IYZICO_TEST_SECRET)
      .update(params.randomKey + path + body)
      .digest('hex')
    return (
      params.apiKey === IYZICO_TEST_API_KEY &&
      params.signature === expected &&
      headers['x-iyzi-rnd'] === params.randomKey
    )
  }

  /**
   * The buyer submits the hosted form: the payment succeeds (or fails, with `declined`) at
   * iyzico. Answers the webhook iyzico sends for it; deliver it with `deliver`.
   */
  pay(token: string, options: { declined?: boolean } = {}): IyzicoNotification {
    const checkout = this.checkouts.get(token)
    if (!checkout) throw new Error(`No checkout ${token} at the stand-in`)
    checkout.paymentStatus = options.declined ? 'FAILURE' : 'SUCCESS'
    return this.notification(token, checkout.paymentStatus)
  }

  /** A webhook of the hosted page for a checkout, signed with the given secret. */
  notification(
    token: string,
    status: 'SUCCESS' | 'FAILURE',
    secret = IYZICO_TEST_SECRET
  ): IyzicoNotification {
    const checkout = this.checkouts.get(token)
    if (!checkout) throw new Error(`No checkout ${token} at the stand-in`)
    const body = {
      paymentConversationId: checkout.conversationId,
      merchantId: 3382172,
      token,
      status,
      iyziReferenceCode: `ref-${++this.#sequence}`,
      iyziEventType: 'CHECKOUT_FORM_AUTH',
      iyziEventTime: Date.now(),
      iyziPaymentId: Number(checkout.paymentId),
    }
    const key =
      secret +
      body.iyziEventType +
      body.iyziPaymentId +
      body.token +
      body.paymentConversationId +
      body.status
    return { body, signature: createHmac('sha256', secret).update(key).digest('hex') }
  }

  /** Sends a webhook to the app over HTTP, as iyzico's servers do; answers status and body. */
  async deliver(appUrl: string, notification: IyzicoNotification) {
    const response = await fetch(`${appUrl}/billing/iyzico/notification`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-iyz-signature-v3': notification.signature,
      },
      body: JSON.stringify(notification.body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** Where the hosted page sends the buyer's browser back (a form POST of the token). */
  callbackOf(token: string) {
    return this.checkouts.get(token)!.callbackUrl
  }
}

export const iyzico = new IyzicoStandIn()
