import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Device from '#models/device'
import User from '#models/user'
import Subscription from '#models/subscription'
import Invoice from '#models/invoice'
import Order from '#models/order'
import DiscountCode from '#models/discount_code'
import BillingProfile from '#models/billing_profile'
import { addMember } from '#actions/accounts/team_membership'
import { placeExtensionOrder } from '#services/billing/orders'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

let imeiSequence = 0
function nextImei() {
  imeiSequence++
  return `35${String(Date.now()).slice(-8)}${String(imeiSequence).padStart(5, '0')}`
}

async function addDevice(companyId: number, name: string, licenceEndDate: string | null) {
  return Device.create({
    companyId,
    name,
    imei: nextImei(),
    protocol: 'teltonika',
    licenceEndDate: licenceEndDate ? DateTime.fromISO(licenceEndDate) : null,
  } as Partial<Device>)
}

function today() {
  return DateTime.now().setZone('Europe/Istanbul').startOf('day')
}

async function subscriptionsOf(companyId: number) {
  const { ensureSubscriptions } = await import('#services/billing/subscriptions')
  await ensureSubscriptions(companyId)
  return Subscription.query().where('company_id', companyId).orderBy('id')
}

const page = '/backend/account/subscriptions'

async function orderCount(companyId: number) {
  const row = await db.from('orders').where('company_id', companyId).count('* as total').first()
  return Number(row.total)
}

test.group('Billing: subscriptions, orders, invoices, payment', (group) => {
  group.each.setup(() => mailbox.clear())
  group.each.teardown(() => {
    delete process.env.PLATFORM_ADMIN_EMAILS
  })

  test('the subscriptions page lists every vehicle with its remaining days and filters by period', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const base = today()
    await addDevice(owner.company.id, 'Soon', base.plus({ days: 20 }).toISODate())
    await addDevice(owner.company.id, 'Later', base.plus({ days: 75 }).toISODate())
    await addDevice(owner.company.id, 'Far', base.plus({ days: 200 }).toISODate())

    const all = await client.get(page).withInertia().loginAs(owner.user)
    all.assertStatus(200)
    all.assertInertiaComponent('account/subscriptions')
    const rows = all.inertiaProps.subscriptions as { deviceName: string; remainingDays: number }[]
    assert.deepEqual(
      rows.map((row) => [row.deviceName, row.remainingDays]),
      [
        ['Soon', 20],
        ['Later', 75],
        ['Far', 200],
      ]
    )
    const within30 = await client.get(`${page}?within=30`).withInertia().loginAs(owner.user)
    assert.deepEqual(
      (within30.inertiaProps.subscriptions as { deviceName: string }[]).map(
        (row) => row.deviceName
      ),
      ['Soon']
    )
    const within90 = await client.get(`${page}?within=90`).withInertia().loginAs(owner.user)
    assert.lengthOf(within90.inertiaProps.subscriptions as unknown[], 2)

    // Another company: nothing ends within 30 days, the page shows the spec's empty state.
    const other = await createMember({ role: 'owner' })
    await addDevice(other.company.id, 'Other', base.plus({ days: 300 }).toISODate())
    const empty = await client.get(`${page}?within=30`).loginAs(other.user)
    empty.assertTextIncludes('No subscription information found for the specified duration.')
    const emptyTr = await client.get('/tr/panel/hesap/abonelikler?within=30').loginAs(other.user)
    emptyTr.assertTextIncludes('Belirtilen süre için abonelik bilgisi bulunamadı.')
  })

  test('bank transfer, from order to extended licences: 3 vehicles x 6 months, INV number, PDF, e-mail, paid by staff', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const ends = today().plus({ days: 10 })
    await addDevice(owner.company.id, 'Van 1', ends.toISODate())
    await addDevice(owner.company.id, 'Van 2', ends.toISODate())
    await addDevice(owner.company.id, 'Van 3', ends.toISODate())
    const subscriptions = await subscriptionsOf(owner.company.id)
    // Not new: they have been paid before (no first-month discount).
    await Subscription.query().where('company_id', owner.company.id).update({ paid_periods: 1 })
    owner.company.merge({ taxId: 'TAX-1234', address: 'Old street 1', city: 'Ankara' })
    await owner.company.save()

    const response = await client
      .post(page)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', page)
      .json({ subscription_ids: subscriptions.map((s) => s.id), months: '6' })
      .redirects(0)
    response.assertStatus(302)
    const order = await Order.query().where('company_id', owner.company.id).firstOrFail()
    const invoice = await Invoice.query().where('order_id', order.id).firstOrFail()
    response.assertFlashMessage(
      'success',
      `Order placed. Invoice ${invoice.number} has been issued and e-mailed.`
    )
    assert.match(invoice.number, new RegExp(`^INV-${today().year}-\\d{6}$`))
    assert.equal(order.status, 'awaiting_payment')
    // 3 x 6 x 9 EUR = 162, 10 % off = 145.80, VAT 20 % = 29.16, total 174.96.
    assert.equal(order.netCents, 14580)
    assert.equal(order.vatCents, 2916)
    assert.equal(order.totalCents, 17496)
    assert.equal(invoice.buyer.taxId, 'TAX-1234')
    assert.lengthOf(invoice.lines, 3)
    assert.isNotNull(invoice.bank)

    // E-mailed to the owner with the PDF attached.
    const mail = mailbox.lastTo(owner.user.email)
    assert.include(mail.raw, `${invoice.number}.pdf`)
    assert.include(mail.raw, 'application/pdf')

    // The PDF of the company's own invoice; another company's answers 404.
    const pdf = await client.get(`/backend/account/invoices/${invoice.id}/pdf`).loginAs(owner.user)
    pdf.assertStatus(200)
    pdf.assertHeader('content-type', 'application/pdf')
    const stranger = await createMember({ role: 'owner' })
    const foreign = await client
      .get(`/backend/account/invoices/${invoice.id}/pdf`)
      .loginAs(stranger.user)
    foreign.assertStatus(404)

    // The owner cannot mark it paid; platform staff can, once.
    const notStaff = await client
      .post(`/backend/account/invoices/${order.id}/paid`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/invoices')
      .redirects(0)
    notStaff.assertFlashMessage('error', 'You do not have permission to do that.')
    await order.refresh()
    assert.equal(order.status, 'awaiting_payment')

    process.env.PLATFORM_ADMIN_EMAILS = stranger.user.email
    const listing = await client
      .get('/backend/account/invoices')
      .withInertia()
      .loginAs(stranger.user)
    assert.isTrue(
      (listing.inertiaProps.awaiting as { orderId: number }[]).some(
        (row) => row.orderId === order.id
      )
    )
    const paid = await client
      .post(`/backend/account/invoices/${order.id}/paid`)
      .withCsrfToken()
      .loginAs(stranger.user)
      .header('referer', '/backend/account/invoices')
      .redirects(0)
    paid.assertFlashMessage('success', 'Order marked paid; the subscriptions have been extended.')
    const again = await client
      .post(`/backend/account/invoices/${order.id}/paid`)
      .withCsrfToken()
      .loginAs(stranger.user)
      .header('referer', '/backend/account/invoices')
      .redirects(0)
    again.assertFlashMessage('error', 'This order was already paid or cancelled.')

    const expected = ends.plus({ months: 6 }).toISODate()
    const devices = await Device.query().where('company_id', owner.company.id)
    for (const device of devices) assert.equal(device.licenceEndDate!.toISODate(), expected)
    for (const subscription of await subscriptionsOf(owner.company.id)) {
      assert.equal(subscription.endsOn!.toISODate(), expected)
      assert.equal(subscription.paidPeriods, 2)
      assert.equal(subscription.lastExtensionMonths, 6)
    }
  })

  test('an issued invoice stays unchanged after the company address changes', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    await addDevice(owner.company.id, 'Truck', today().plus({ days: 3 }).toISODate())
    owner.company.merge({ address: 'First address 1', taxId: 'T-1' })
    await owner.company.save()
    const [subscription] = await subscriptionsOf(owner.company.id)
    const { invoice } = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today: today() },
      { subscriptionIds: [subscription.id], months: 1 }
    )
    const before = await client
      .get(`/backend/account/invoices/${invoice.id}/pdf`)
      .loginAs(owner.user)

    owner.company.merge({
      address: 'Second address 2',
      taxId: 'T-2',
      name: `${owner.company.name} renamed`,
    })
    await owner.company.save()
    await client
      .put('/backend/account/payment-settings')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/payment-settings')
      .form({
        contact_name: 'New Contact',
        billing_email: 'billing@example.com',
        payment_method: 'bank_transfer',
      })
      .redirects(0)

    const stored = await Invoice.findOrFail(invoice.id)
    assert.include(stored.buyer.lines, 'First address 1')
    assert.equal(stored.buyer.taxId, 'T-1')
    assert.notInclude(stored.buyer.name, 'renamed')
    assert.deepEqual(stored.amounts, invoice.amounts)
    // The database refuses any change to an issued invoice.
    await assert.rejects(() =>
      db.from('invoices').where('id', invoice.id).update({ number: 'INV-0000-000000' })
    )
    const after = await client
      .get(`/backend/account/invoices/${invoice.id}/pdf`)
      .loginAs(owner.user)
    before.assertStatus(200)
    after.assertStatus(200)
  })

  test('invoice numbers have no gaps under concurrent orders, also when one fails', async ({
    assert,
  }) => {
    const owners = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createMember({ role: 'owner' })))
    const orders = []
    for (const owner of owners) {
      await owner.user.refresh()
      await addDevice(owner.company.id, 'Car', today().plus({ days: 5 }).toISODate())
      const [subscription] = await subscriptionsOf(owner.company.id)
      orders.push({ owner, subscription })
    }
    const year = today().year
    const start = await db.from('invoice_counters').where('year', year).first()
    const results = await Promise.allSettled(
      orders.map(({ owner, subscription }, index) =>
        placeExtensionOrder(
          { company: owner.company, user: owner.user, locale: 'en', today: today() },
          // One order names a code that does not exist: it fails and gives its number back.
          {
            subscriptionIds: [subscription.id],
            months: 3,
            code: index === 2 ? 'NO-SUCH-CODE' : null,
          }
        )
      )
    )
    assert.equal(results.filter((result) => result.status === 'rejected').length, 1)
    const sequences = results
      .filter((result) => result.status === 'fulfilled')
      .map(
        (result) => (result as PromiseFulfilledResult<{ invoice: Invoice }>).value.invoice.sequence
      )
      .sort((a, b) => a - b)
    const first = Number(start?.last_number ?? 0) + 1
    assert.deepEqual(sequences, [first, first + 1, first + 2, first + 3, first + 4])
  })

  test('discount codes: applied, counted, refused when used up', async ({ client, assert }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    await addDevice(owner.company.id, 'Bike', today().plus({ days: 5 }).toISODate())
    const [subscription] = await subscriptionsOf(owner.company.id)
    const code = await DiscountCode.create({
      code: `SAVE${Date.now()}`,
      kind: 'percent',
      value: 50,
      maxUses: 1,
      usedCount: 0,
      validFrom: null,
      validUntil: null,
    })
    const preview = await client
      .get(`${page}?code=${code.code.toLowerCase()}`)
      .withInertia()
      .loginAs(owner.user)
    assert.equal((preview.inertiaProps.code as { status: string }).status, 'applied')

    await client
      .post(page)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', page)
      .json({ subscription_ids: [subscription.id], months: '1', code: code.code })
      .redirects(0)
    const order = await Order.query().where('company_id', owner.company.id).firstOrFail()
    // New vehicle: 900 - 90 = 810, half off = 405, VAT 81, total 486.
    assert.equal(order.netCents, 405)
    assert.equal(order.totalCents, 486)
    await code.refresh()
    assert.equal(code.usedCount, 1)

    const refused = await client
      .post(page)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', page)
      .json({ subscription_ids: [subscription.id], months: '1', code: code.code })
      .redirects(0)
    assert.deepEqual(inputErrors(refused).code, ['This discount code has been used up.'])
    assert.equal(await orderCount(owner.company.id), 1)
  })

  test('bad input is a localized 422-style field error and changes nothing', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const response = await client
      .post('/tr/panel/hesap/abonelikler')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/tr/panel/hesap/abonelikler')
      .json({ subscription_ids: [], months: '5' })
      .redirects(0)
    const errors = inputErrors(response)
    assert.exists(errors.subscription_ids)
    assert.exists(errors.months)
    assert.include(errors.months[0], 'Uzatma süresi')
    const json = await client
      .post(page)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('accept', 'application/json')
      .json({ subscription_ids: [1], months: '2' })
    json.assertStatus(422)
    assert.equal(await orderCount(owner.company.id), 0)
  })

  test('tenancy: another company subscription is 404, nothing ordered', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const other = await createMember({ role: 'owner' })
    await addDevice(other.company.id, 'Theirs', today().plus({ days: 5 }).toISODate())
    const [theirs] = await subscriptionsOf(other.company.id)
    const response = await client
      .post(page)
      .withCsrfToken()
      .loginAs(owner.user)
      .json({ subscription_ids: [theirs.id], months: '1' })
      .redirects(0)
    response.assertStatus(404)
    assert.equal(await orderCount(owner.company.id), 0)
    assert.equal(await orderCount(other.company.id), 0)
  })

  test('roles: admins read billing pages, only owners order or change payment settings; users see neither', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const admin = await User.create({
      email: `admin-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(owner.company, admin, 'admin')
    const plain = await User.create({
      email: `plain-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(owner.company, plain, 'user')
    await addDevice(owner.company.id, 'Car', today().plus({ days: 5 }).toISODate())
    const [subscription] = await subscriptionsOf(owner.company.id)

    for (const path of [
      page,
      '/backend/account/invoices',
      '/backend/account/payment-settings',
      '/backend/account/product-ordering',
    ]) {
      const asAdmin = await client.get(path).loginAs(admin)
      asAdmin.assertStatus(200)
      const asUser = await client.get(path).loginAs(plain).redirects(0)
      asUser.assertStatus(302)
      asUser.assertHeader('location', '/backend/unauthorized')
    }
    for (const path of ['/backend/account', '/backend/account/support']) {
      const asUser = await client.get(path).loginAs(plain)
      asUser.assertStatus(200)
    }

    const order = await client
      .post(page)
      .withCsrfToken()
      .loginAs(admin)
      .header('referer', page)
      .json({ subscription_ids: [subscription.id], months: '1' })
      .redirects(0)
    order.assertFlashMessage('error', 'You do not have permission to do that.')
    const settings = await client
      .put('/backend/account/payment-settings')
      .withCsrfToken()
      .loginAs(admin)
      .header('referer', '/backend/account/payment-settings')
      .form({ billing_email: 'x@example.com', payment_method: 'bank_transfer' })
      .redirects(0)
    settings.assertFlashMessage('error', 'You do not have permission to do that.')
    const products = await client
      .post('/backend/account/product-ordering')
      .withCsrfToken()
      .loginAs(admin)
      .header('referer', '/backend/account/product-ordering')
      .json({ quantities: { gps_tracker: 1 } })
      .redirects(0)
    products.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.equal(await orderCount(owner.company.id), 0)
    assert.isNull(await BillingProfile.find(owner.company.id))
  })

  test('payment settings are saved; an invalid e-mail is a field error', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const bad = await client
      .put('/backend/account/payment-settings')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/payment-settings')
      .form({ billing_email: 'not-an-email', payment_method: 'bank_transfer' })
      .redirects(0)
    assert.exists(inputErrors(bad).billing_email)
    assert.isNull(await BillingProfile.find(owner.company.id))
    const good = await client
      .put('/backend/account/payment-settings')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/payment-settings')
      .form({
        contact_name: 'Ayşe',
        billing_email: 'Billing@Example.com',
        payment_method: 'bank_transfer',
      })
      .redirects(0)
    good.assertFlashMessage('success', 'Settings updated successfully.')
    const profile = await BillingProfile.findOrFail(owner.company.id)
    assert.equal(profile.billingEmail, 'billing@example.com')
    const shown = await client
      .get('/backend/account/payment-settings')
      .withInertia()
      .loginAs(owner.user)
    assert.equal((shown.inertiaProps.profile as { contact_name: string }).contact_name, 'Ayşe')
  })

  test('product ordering: the quote catalogue becomes an order and an invoice', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const response = await client
      .post('/backend/account/product-ordering')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/product-ordering')
      .json({ quantities: { gps_tracker: 10, installation: 10 } })
      .redirects(0)
    response.assertStatus(302)
    const order = await Order.query().where('company_id', owner.company.id).firstOrFail()
    // 10 x 89 + 10 x 30 = 1 190 EUR, 5 % off = 1 130.50, VAT 226.10, total 1 356.60.
    assert.equal(order.kind, 'products')
    assert.equal(order.netCents, 113050)
    assert.equal(order.vatCents, 22610)
    assert.equal(order.totalCents, 135660)
    const invoice = await Invoice.query().where('order_id', order.id).firstOrFail()
    assert.equal(invoice.lines[0].description, 'GPS tracker (hard-wired)')
    const empty = await client
      .post('/backend/account/product-ordering')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/product-ordering')
      .json({ quantities: {} })
      .redirects(0)
    assert.deepEqual(inputErrors(empty).quantities, ['Choose at least one product.'])
  })

  test('the overview shows plan, vehicles, unpaid invoices and links to every account page', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    await addDevice(owner.company.id, 'Car', today().plus({ days: 5 }).toISODate())
    const [subscription] = await subscriptionsOf(owner.company.id)
    await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today: today() },
      { subscriptionIds: [subscription.id], months: 1 }
    )
    const response = await client.get('/backend/account').withInertia().loginAs(owner.user)
    response.assertInertiaComponent('account/overview')
    assert.equal(response.inertiaProps.vehicleCount, 1)
    assert.equal(response.inertiaProps.teamSize, 1)
    assert.deepEqual(response.inertiaProps.unpaid, { count: 1, totalCents: 972 })
    assert.lengthOf(response.inertiaProps.nextExpiries as unknown[], 1)
    const html = await client.get('/tr/panel/hesap').loginAs(owner.user)
    html.assertStatus(200)
    for (const path of [
      '/tr/panel/hesap/abonelikler',
      '/tr/panel/hesap/faturalar',
      '/tr/panel/hesap/destek',
    ]) {
      html.assertTextIncludes(`href="${path}"`)
    }
  })

  test('platform staff create discount codes; nobody else can', async ({ client, assert }) => {
    const staff = await createMember({ role: 'user' })
    const owner = await createMember({ role: 'owner' })
    const code = `STAFF${Date.now()}`
    const refused = await client
      .post('/backend/account/invoices/discount-codes')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/invoices')
      .form({ code, kind: 'percent', value: '10' })
      .redirects(0)
    refused.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.isNull(await DiscountCode.findBy('code', code))

    process.env.PLATFORM_ADMIN_EMAILS = staff.user.email
    const tooHigh = await client
      .post('/backend/account/invoices/discount-codes')
      .withCsrfToken()
      .loginAs(staff.user)
      .header('referer', '/backend/account/invoices')
      .form({ code, kind: 'percent', value: '150' })
      .redirects(0)
    assert.deepEqual(inputErrors(tooHigh).value, ['A percentage is at most 100.'])
    const created = await client
      .post('/backend/account/invoices/discount-codes')
      .withCsrfToken()
      .loginAs(staff.user)
      .header('referer', '/backend/account/invoices')
      .form({
        code: code.toLowerCase(),
        kind: 'fixed',
        value: '500',
        valid_from: '2026-01-01',
        valid_until: '2030-12-31',
        max_uses: '5',
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const stored = await DiscountCode.findByOrFail('code', code)
    assert.equal(stored.kind, 'fixed')
    assert.equal(stored.value, 500)
    assert.equal(stored.maxUses, 5)
    assert.equal(stored.validUntil!.toISODate(), '2030-12-31')
    const listing = await client.get('/backend/account/invoices').withInertia().loginAs(staff.user)
    assert.isTrue(
      (listing.inertiaProps.discountCodes as { code: string }[]).some((row) => row.code === code)
    )
  })

  test('a Turkish order gets its invoice, PDF and e-mail in Turkish', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    owner.user.locale = 'tr'
    await owner.user.save()
    await addDevice(owner.company.id, 'Kamyon', today().plus({ days: 5 }).toISODate())
    const [subscription] = await subscriptionsOf(owner.company.id)
    const response = await client
      .post('/tr/panel/hesap/abonelikler')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/tr/panel/hesap/abonelikler')
      .json({ subscription_ids: [subscription.id], months: '3' })
      .redirects(0)
    response.assertHeader('location', '/tr/panel/hesap/faturalar')
    const invoice = await Invoice.query().where('company_id', owner.company.id).firstOrFail()
    response.assertFlashMessage(
      'success',
      `Sipariş alındı. ${invoice.number} numaralı fatura düzenlendi ve e-postayla gönderildi.`
    )
    assert.equal(invoice.locale, 'tr')
    assert.include(invoice.lines[0].description, 'Premium abonelik, Kamyon')
    assert.include(
      invoice.amounts.discounts.map((discount) => discount.label),
      'Uzatma indirimi %4 (3 ay)'
    )
    assert.include(mailbox.lastTo(owner.user.email).text, `Fatura ${invoice.number}`)
    const pdf = await client.get(`/tr/panel/hesap/faturalar/${invoice.id}/pdf`).loginAs(owner.user)
    pdf.assertStatus(200)
    pdf.assertHeader('content-type', 'application/pdf')
  })
  test("an order is refused while the buyer's invoicing details are incomplete, and the review step says which", async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    owner.company.merge({ taxId: null, city: ' ' })
    await owner.company.save()
    await addDevice(owner.company.id, 'Van', today().plus({ days: 5 }).toISODate())
    const [subscription] = await subscriptionsOf(owner.company.id)

    const pageResponse = await client.get(page).withInertia().loginAs(owner.user)
    const review = pageResponse.inertiaProps.review as Record<string, unknown>
    assert.equal(review.missing, 'tax ID and city')
    assert.equal(review.paymentMethod, 'bank_transfer')
    assert.equal(review.dueDays, 14)

    for (const [path, body] of [
      [page, { subscription_ids: [subscription.id], months: '1' }],
      ['/backend/account/product-ordering', { quantities: { gps_tracker: 1 } }],
    ] as const) {
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(owner.user)
        .header('referer', path)
        .json(body)
        .redirects(0)
      response.assertStatus(302)
      response.assertFlashMessage(
        'error',
        "Complete the company's invoicing details before ordering: tax ID and city."
      )
    }
    assert.equal(await orderCount(owner.company.id), 0)
    assert.equal(
      Number(
        (await db.from('invoices').where('company_id', owner.company.id).count('* as n'))[0].n
      ),
      0
    )

    const tr = await client.get('/tr/panel/hesap/abonelikler').withInertia().loginAs(owner.user)
    tr.assertStatus(200)
    assert.equal(
      (tr.inertiaProps.review as Record<string, unknown>).missing,
      'vergi numarası ve şehir'
    )
  })

  test('an invoice is due 14 days after issue by bank transfer, on the day by card, and prints the due date', async ({
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    await addDevice(owner.company.id, 'Van', today().plus({ days: 5 }).toISODate())
    const [subscription] = await subscriptionsOf(owner.company.id)
    const { invoice, order } = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today: today() },
      { subscriptionIds: [subscription.id], months: 1 }
    )
    assert.equal(invoice.dueOn.diff(invoice.issuedOn, 'days').days, 14)
    const { invoiceDocument } = await import('#services/billing/invoice_document')
    const doc = invoiceDocument(invoice, order)
    assert.equal(
      doc.dueOn,
      invoice.issuedOn.plus({ days: 14 }).setLocale('en-GB').toLocaleString(DateTime.DATE_MED)
    )

    await BillingProfile.updateOrCreate({ companyId: owner.company.id }, { paymentMethod: 'card' })
    const card = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today: today() },
      { subscriptionIds: [subscription.id], months: 1 }
    )
    assert.equal(card.invoice.dueOn.toISODate(), card.invoice.issuedOn.toISODate())
  })
})
