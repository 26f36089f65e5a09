import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'
import Device from '#models/device'
import Order from '#models/order'
import Subscription from '#models/subscription'
import { ensureSubscriptions } from '#services/billing/subscriptions'
import { placeExtensionOrder } from '#services/billing/orders'
import { createMember } from '#tests/helpers/accounts'

const API_KEY = 'sandbox-api-key'
const SECRET = 'sandbox-secret-key'

/**
 * A local stand-in for iyzico's API: checks the IYZWSv2 signature of every request as iyzico
 * does, opens checkout forms and answers their result.
 */
class IyzicoStandIn {
  server: Server | null = null
  url = ''
  initialized: Record<string, any>[] = []
  paid = new Map<string, string>()
  refusedAuth = 0
  #sequence = 0

  async start() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const answer = (body: unknown) => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify(body))
        }
        if (!this.authorized(request.url!, raw, request.headers)) {
          this.refusedAuth++
          return answer({ status: 'failure', errorCode: '1001', errorMessage: 'auth' })
        }
        const body = JSON.parse(raw)
        if (request.url === '/payment/iyzipos/checkoutform/initialize/auth/ecom') {
          this.initialized.push(body)
          const token = `tok-${++this.#sequence}`
          return answer({
            status: 'success',
            token,
            conversationId: body.conversationId,
            paymentPageUrl: `${this.url}/pay/${token}`,
            tokenExpireTime: 1800,
          })
        }
        if (request.url === '/payment/iyzipos/checkoutform/auth/ecom/detail') {
          const price = this.paid.get(body.token)
          return answer({
            status: 'success',
            token: body.token,
            conversationId: body.conversationId,
            paymentStatus: price ? 'SUCCESS' : 'FAILURE',
            paidPrice: price ? Number(price) : 0,
            paymentId: '22483975',
          })
        }
        response.writeHead(404).end()
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`
  }

  authorized(path: string, body: string, headers: Record<string, any>) {
    const header = String(headers.authorization ?? '')
    if (!header.startsWith('IYZWSv2 ')) return false
    const params = Object.fromEntries(
      Buffer.from(header.slice(8), 'base64')
        .toString('utf8')
        .split('&')
        .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)])
    )
    const expected = createHmac('sha256', SECRET)
      .update(params.randomKey + path + body)
      .digest('hex')
    return (
      params.apiKey === API_KEY &&
      params.signature === expected &&
      headers['x-iyzi-rnd'] === params.randomKey
    )
  }

  async stop() {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve()
    )
  }
}

/** A notification of the hosted page, signed as iyzico signs X-Iyz-Signature-V3. */
function notification(token: string, conversationId: string, secret = SECRET) {
  const body = {
    paymentConversationId: conversationId,
    merchantId: 3382172,
    token,
    status: 'SUCCESS',
    iyziReferenceCode: `ref-${token}`,
    iyziEventType: 'CHECKOUT_FORM_AUTH',
    iyziEventTime: Date.now(),
    iyziPaymentId: 22483975,
  }
  const key =
    secret +
    body.iyziEventType +
    body.iyziPaymentId +
    body.token +
    body.paymentConversationId +
    body.status
  const signature = createHmac('sha256', secret).update(key).digest('hex')
  return { body, signature }
}

test.group('Card payment through iyzico (local stand-in)', (group) => {
  const standIn = new IyzicoStandIn()
  group.setup(async () => {
    await standIn.start()
    return () => standIn.stop()
  })
  group.each.setup(() => {
    process.env.IYZICO_API_KEY = API_KEY
    process.env.IYZICO_SECRET_KEY = SECRET
    process.env.IYZICO_BASE_URL = standIn.url
    return () => {
      delete process.env.IYZICO_API_KEY
      delete process.env.IYZICO_SECRET_KEY
      delete process.env.IYZICO_BASE_URL
    }
  })

  test('checkout, forged and replayed notifications refused, genuine one extends the licence', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const today = DateTime.now().setZone('Europe/Istanbul').startOf('day')
    const device = await Device.create({
      companyId: owner.company.id,
      name: 'Card van',
      imei: `86${String(Date.now()).slice(-8)}77777`,
      protocol: 'teltonika',
      licenceEndDate: today.plus({ days: 4 }),
    } as Partial<Device>)
    await ensureSubscriptions(owner.company.id)
    const subscription = await Subscription.findByOrFail('device_id', device.id)
    subscription.paidPeriods = 1
    await subscription.save()
    const { order, invoice } = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today },
      { subscriptionIds: [subscription.id], months: 1 }
    )

    const checkout = await client
      .post(`/backend/account/invoices/${invoice.id}/pay`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('x-inertia', 'true')
      .header('referer', '/backend/account/invoices')
      .redirects(0)
    checkout.assertStatus(409)
    const location = String(checkout.header('x-inertia-location'))
    assert.match(location, new RegExp(`^${standIn.url}/pay/tok-\\d+$`))
    const sent = standIn.initialized.at(-1)!
    assert.equal(sent.price, '10.80') // 9 EUR + 20 % VAT
    assert.equal(sent.paidPrice, '10.80')
    assert.equal(sent.currency, 'EUR')
    assert.equal(sent.basketId, invoice.number)
    assert.equal(standIn.refusedAuth, 0)
    const token = location.split('/').at(-1)!

    // Forged: signed with another secret.
    const forged = notification(token, sent.conversationId, 'not-the-secret')
    const refused = await client
      .post('/billing/iyzico/notification')
      .header('x-iyz-signature-v3', forged.signature)
      .json(forged.body)
    refused.assertStatus(401)
    await order.refresh()
    assert.equal(order.status, 'awaiting_payment')

    // Genuine, and the stand-in confirms the payment for the full amount.
    standIn.paid.set(token, '10.80')
    const genuine = notification(token, sent.conversationId)
    const accepted = await client
      .post('/billing/iyzico/notification')
      .header('x-iyz-signature-v3', genuine.signature)
      .json(genuine.body)
    accepted.assertStatus(200)
    accepted.assertBodyContains({ status: 'paid' })
    await order.refresh()
    assert.equal(order.status, 'paid')
    await device.refresh()
    assert.equal(
      device.licenceEndDate!.toISODate(),
      today.plus({ days: 4 }).plus({ months: 1 }).toISODate()
    )

    // Replayed: the same notification again is refused and changes nothing.
    const replay = await client
      .post('/billing/iyzico/notification')
      .header('x-iyz-signature-v3', genuine.signature)
      .json(genuine.body)
    replay.assertStatus(409)
    await device.refresh()
    assert.equal(
      device.licenceEndDate!.toISODate(),
      today.plus({ days: 4 }).plus({ months: 1 }).toISODate()
    )
  })

  test('a notification for an unpaid checkout does not mark the order paid; only owners pay', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const today = DateTime.now().setZone('Europe/Istanbul').startOf('day')
    await Device.create({
      companyId: owner.company.id,
      name: 'Unpaid van',
      imei: `86${String(Date.now()).slice(-8)}88888`,
      protocol: 'teltonika',
      licenceEndDate: today.plus({ days: 4 }),
    } as Partial<Device>)
    await ensureSubscriptions(owner.company.id)
    const [subscription] = await Subscription.query().where('company_id', owner.company.id)
    const { order, invoice } = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today },
      { subscriptionIds: [subscription.id], months: 1 }
    )
    const checkout = await client
      .post(`/backend/account/invoices/${invoice.id}/pay`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('x-inertia', 'true')
      .redirects(0)
    const token = String(checkout.header('x-inertia-location')).split('/').at(-1)!
    const sent = standIn.initialized.at(-1)!
    // Signed correctly, but the provider says the payment failed: not paid.
    const genuine = notification(token, sent.conversationId)
    const response = await client
      .post('/billing/iyzico/notification')
      .header('x-iyz-signature-v3', genuine.signature)
      .json(genuine.body)
    response.assertBodyContains({ status: 'not_paid' })
    assert.equal((await Order.findOrFail(order.id)).status, 'awaiting_payment')

    const other = await createMember({ role: 'owner' })
    const foreign = await client
      .post(`/backend/account/invoices/${invoice.id}/pay`)
      .withCsrfToken()
      .loginAs(other.user)
      .header('x-inertia', 'true')
      .redirects(0)
    foreign.assertStatus(404)

    const settings = await client
      .get('/backend/account/payment-settings')
      .withInertia()
      .loginAs(owner.user)
    assert.isTrue(settings.inertiaProps.cardAvailable as boolean)
  })

  test('the buyer coming back from the hosted page: paid once the provider confirms', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const today = DateTime.now().setZone('Europe/Istanbul').startOf('day')
    await Device.create({
      companyId: owner.company.id,
      name: 'Return van',
      imei: `86${String(Date.now()).slice(-8)}99999`,
      protocol: 'teltonika',
      licenceEndDate: today.plus({ days: 2 }),
    } as Partial<Device>)
    await ensureSubscriptions(owner.company.id)
    const [subscription] = await Subscription.query().where('company_id', owner.company.id)
    const { order, invoice } = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today },
      { subscriptionIds: [subscription.id], months: 12 }
    )
    const checkout = await client
      .post(`/backend/account/invoices/${invoice.id}/pay`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('x-inertia', 'true')
      .redirects(0)
    const token = String(checkout.header('x-inertia-location')).split('/').at(-1)!

    // Not paid yet: coming back changes nothing.
    const early = await client.post('/billing/iyzico/return').form({ token }).redirects(0)
    early.assertHeader('location', '/backend/account/invoices')
    assert.equal((await Order.findOrFail(order.id)).status, 'awaiting_payment')

    standIn.paid.set(token, (order.totalCents / 100).toFixed(2))
    const back = await client.post('/billing/iyzico/return').form({ token }).redirects(0)
    back.assertHeader('location', '/backend/account/invoices')
    assert.equal((await Order.findOrFail(order.id)).status, 'paid')
    const unknownProvider = await client.post('/billing/other/notification').json({})
    unknownProvider.assertStatus(404)
  })
})
