import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import Device from '#models/device'
import type User from '#models/user'
import type Invoice from '#models/invoice'
import Order from '#models/order'
import Subscription from '#models/subscription'
import { ensureSubscriptions } from '#services/billing/subscriptions'
import { placeExtensionOrder } from '#services/billing/orders'
import { createMember } from '#tests/helpers/accounts'
import { iyzico } from '#tests/helpers/iyzico_stand_in'

/** The app configured with the stand-in's keys, as production runs with iyzico's. */
function withStandInKeys() {
  Object.assign(process.env, iyzico.env())
  return () => {
    for (const name of Object.keys(iyzico.env())) delete process.env[name]
  }
}

/** The app as the provider's servers reach it. */
const appUrl = `http://${process.env.HOST}:${process.env.PORT}`

test.group('Card payment through iyzico (local stand-in)', (group) => {
  const standIn = iyzico
  group.each.setup(withStandInKeys)

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
    standIn.pay(token)
    const forged = standIn.notification(token, 'SUCCESS', 'not-the-secret')
    const refused = await standIn.deliver(appUrl, forged)
    assert.equal(refused.status, 401)
    await order.refresh()
    assert.equal(order.status, 'awaiting_payment')

    // Genuine, and the stand-in confirms the payment for the full amount.
    const genuine = standIn.notification(token, 'SUCCESS')
    const accepted = await standIn.deliver(appUrl, genuine)
    assert.equal(accepted.status, 200)
    assert.deepEqual(accepted.body, { status: 'paid' })
    await order.refresh()
    assert.equal(order.status, 'paid')
    await device.refresh()
    assert.equal(
      device.licenceEndDate!.toISODate(),
      today.plus({ days: 4 }).plus({ months: 1 }).toISODate()
    )

    // Replayed: the same notification again is refused and changes nothing.
    const replay = await standIn.deliver(appUrl, genuine)
    assert.equal(replay.status, 409)
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
    const { owner, order, invoice } = await unpaidInvoice()
    const checkout = await payInvoice(client, invoice, owner.user)
    const token = String(checkout.header('x-inertia-location')).split('/').at(-1)!
    // Signed correctly, but the provider says the payment failed: not paid.
    const genuine = standIn.notification(token, 'SUCCESS')
    const response = await standIn.deliver(appUrl, genuine)
    assert.deepEqual(response.body, { status: 'not_paid' })
    assert.equal((await Order.findOrFail(order.id)).status, 'awaiting_payment')

    const other = await createMember({ role: 'owner' })
    const foreign = await payInvoice(client, invoice, other.user)
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
    const { owner, order, invoice } = await unpaidInvoice(12)
    const checkout = await payInvoice(client, invoice, owner.user)
    const token = String(checkout.header('x-inertia-location')).split('/').at(-1)!

    // Not paid yet: coming back changes nothing.
    const early = await client.post('/billing/iyzico/return').form({ token }).redirects(0)
    early.assertHeader('location', '/backend/account/invoices')
    assert.equal((await Order.findOrFail(order.id)).status, 'awaiting_payment')

    standIn.pay(token)
    const back = await client.post('/billing/iyzico/return').form({ token }).redirects(0)
    back.assertHeader('location', '/backend/account/invoices')
    assert.equal((await Order.findOrFail(order.id)).status, 'paid')
    const unknownProvider = await client.post('/billing/other/notification').json({})
    unknownProvider.assertStatus(404)
  })
})

type ExtensionMonths = Parameters<typeof placeExtensionOrder>[1]['months']

/** An owner's unpaid invoice extending one device's licence (ending in 4 days) by `months`. */
async function unpaidInvoice(months: ExtensionMonths = 1) {
  const owner = await createMember({ role: 'owner' })
  await owner.user.refresh()
  const today = DateTime.now().setZone('Europe/Istanbul').startOf('day')
  const device = await Device.create({
    companyId: owner.company.id,
    name: 'Card van',
    imei: `86${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
    protocol: 'teltonika',
    licenceEndDate: today.plus({ days: 4 }),
  } as Partial<Device>)
  await ensureSubscriptions(owner.company.id)
  const [subscription] = await Subscription.query().where('company_id', owner.company.id)
  const { order, invoice } = await placeExtensionOrder(
    { company: owner.company, user: owner.user, locale: 'en', today },
    { subscriptionIds: [subscription.id], months }
  )
  const extendedEnd = today.plus({ days: 4 }).plus({ months }).toISODate()
  return { owner, device, order, invoice, extendedEnd }
}

function payInvoice(client: ApiClient, invoice: Invoice, user: User) {
  return client
    .post(`/backend/account/invoices/${invoice.id}/pay`)
    .withCsrfToken()
    .loginAs(user)
    .header('x-inertia', 'true')
    .redirects(0)
}

/** An unpaid one-month invoice with the hosted checkout opened at the stand-in. */
async function openCheckout(client: ApiClient) {
  const { owner, device, order, invoice, extendedEnd } = await unpaidInvoice()
  const checkout = await payInvoice(client, invoice, owner.user)
  checkout.assertStatus(409)
  const token = String(checkout.header('x-inertia-location')).split('/').at(-1)!
  return { order, device, token, extendedEnd }
}

test.group('Card payment notifications out of order (local stand-in)', (group) => {
  group.each.setup(withStandInKeys)

  test('a webhook that arrives before the payment completes is handled again when retried', async ({
    client,
    assert,
  }) => {
    const { order, device, token, extendedEnd } = await openCheckout(client)
    const early = iyzico.notification(token, 'SUCCESS')
    const first = await iyzico.deliver(appUrl, early)
    assert.deepEqual(first.body, { status: 'not_paid' })
    assert.equal((await Order.findOrFail(order.id)).status, 'awaiting_payment')

    iyzico.pay(token)
    const retried = await iyzico.deliver(appUrl, early)
    assert.equal(retried.status, 200)
    assert.deepEqual(retried.body, { status: 'paid' })
    await device.refresh()
    assert.equal(device.licenceEndDate!.toISODate(), extendedEnd)
  })

  test('a declined attempt notified after the successful one changes nothing', async ({
    client,
    assert,
  }) => {
    const { order, device, token, extendedEnd } = await openCheckout(client)
    const declined = iyzico.notification(token, 'FAILURE')
    const succeeded = iyzico.pay(token)
    assert.deepEqual((await iyzico.deliver(appUrl, succeeded)).body, { status: 'paid' })
    const late = await iyzico.deliver(appUrl, declined)
    assert.equal(late.status, 200)
    assert.deepEqual(late.body, { status: 'not_paid' })
    assert.equal((await Order.findOrFail(order.id)).status, 'paid')
    await device.refresh()
    assert.equal(device.licenceEndDate!.toISODate(), extendedEnd)
  })

  test('the buyer back before the webhook: the webhook then extends nothing twice', async ({
    client,
    assert,
  }) => {
    const { order, device, token, extendedEnd } = await openCheckout(client)
    const webhook = iyzico.pay(token)
    const back = await client.post('/billing/iyzico/return').form({ token }).redirects(0)
    back.assertHeader('location', '/backend/account/invoices')
    assert.equal((await Order.findOrFail(order.id)).status, 'paid')

    const late = await iyzico.deliver(appUrl, webhook)
    assert.equal(late.status, 200)
    assert.deepEqual(late.body, { status: 'paid' })
    await device.refresh()
    assert.equal(device.licenceEndDate!.toISODate(), extendedEnd)
  })

  test('the stand-in refuses requests signed with other keys, and checkout then fails cleanly', async ({
    client,
    assert,
  }) => {
    process.env.IYZICO_SECRET_KEY = 'not-the-secret'
    const refusedBefore = iyzico.refusedAuth
    const { owner, invoice } = await unpaidInvoice()
    const checkout = await payInvoice(client, invoice, owner.user)
    checkout.assertStatus(302)
    checkout.assertHeader('location', '/backend/account/invoices')
    assert.equal(iyzico.refusedAuth, refusedBefore + 1)
  })
})
