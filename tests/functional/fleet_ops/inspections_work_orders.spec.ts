import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { addTrip, createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import type { TeamRole } from '#enums/team_role'
import { fleetReports } from '#reports/fleet_reports'
import { workOrderActionsFrom, workOrderNext, workOrderTotals } from '#shared/inspections'
import Webhook from '#models/webhook'
import WebhookDelivery from '#models/webhook_delivery'
import { WEBHOOK_SECRET_PURPOSE } from '#services/integrations/webhooks'
import { sealSecret } from '#services/settings/secrets'

const FORM = '/forms/inspection'
const ISSUES = '/backend/fleet/issues'
const ORDERS = '/backend/fleet/work-orders'
/** The smallest valid PNG (1×1), as the canvas would send it. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

async function checklistItem(companyId: number, name: string, categoryId: number | null = null) {
  const [row] = await db
    .table('inspection_items')
    .insert({ company_id: companyId, name, vehicle_category_id: categoryId, position: 0 })
    .returning('id')
  return Number(row.id)
}

async function inventoryItem(companyId: number, name: string, quantity: number, cents = 1000) {
  const [row] = await db
    .table('inventory_items')
    .insert({
      company_id: companyId,
      name,
      type: 'non_returnable',
      quantity,
      purchase_price_cents: cents,
      currency: 'TRY',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return Number(row.id)
}

async function workOrder(
  companyId: number,
  deviceId: number,
  values: Record<string, unknown> = {}
) {
  const [row] = await db
    .table('work_orders')
    .insert({
      company_id: companyId,
      device_id: deviceId,
      title: 'Brake light repair',
      labour_hours: 1.5,
      labour_rate_cents: 40000,
      ...values,
    })
    .returning('id')
  return Number(row.id)
}

/** Another member of the same company, with `role`. */
async function memberOf(company: Parameters<typeof addMember>[0], role: TeamRole) {
  const user = await User.create({
    email: `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret-password',
    emailVerifiedAt: DateTime.now(),
  })
  await addMember(company, user, role)
  return user
}

/** An active webhook of the company (deliveries are only queued here, not posted). */
async function receivingWebhook(companyId: number) {
  return Webhook.create({
    companyId,
    url: 'https://receiver.example.com/fleettrack',
    secret: sealSecret('a-receiver-secret', WEBHOOK_SECRET_PURPOSE),
    active: true,
  })
}

test.group('Work order rules (unit)', () => {
  test('transitions follow the table; completing needs the approval', ({ assert }) => {
    assert.equal(workOrderNext({ status: 'open', approved: false }, 'start'), 'in_progress')
    assert.isNull(workOrderNext({ status: 'open', approved: false }, 'complete'))
    assert.isNull(workOrderNext({ status: 'awaiting_approval', approved: false }, 'complete'))
    assert.equal(
      workOrderNext({ status: 'awaiting_approval', approved: true }, 'complete'),
      'completed'
    )
    assert.isNull(workOrderNext({ status: 'awaiting_approval', approved: true }, 'approve'))
    assert.deepEqual(workOrderActionsFrom({ status: 'completed', approved: true }), [])
    assert.deepEqual(workOrderTotals([{ quantity: 2, unitPriceCents: 1250 }], 1.5, 40000), {
      partsCents: 2500,
      labourCents: 60000,
      totalCents: 62500,
    })
  })
})

test.group('Inspections → issues → work orders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a driver files an inspection; a failed item opens an issue with its note', async ({
    client,
    assert,
  }) => {
    const { user: manager, company } = await createMember({ role: 'manager' })
    const driver = await User.create({
      email: `driver-${Date.now()}@example.com`,
      password: 'secret-password',
      emailVerifiedAt: DateTime.now(),
    })
    await addMember(company, driver, 'user')
    const [category] = await db
      .table('vehicle_categories')
      .insert({
        company_id: company.id,
        name: 'Vans',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const vehicle = await createVehicle(company, { plate: '34 INS 01', category_id: category.id })
    const other = await createVehicle(company, { plate: '34 INS 02' })
    const tyres = await checklistItem(company.id, 'Tyres')
    const brake = await checklistItem(company.id, 'Brake light', Number(category.id))
    await setVehicleState(vehicle, company, { odometer: 120_000_000 })

    // The checklist of the vehicle: its category's items and every vehicle's
    const page = await client.get(`${FORM}?device=${vehicle.id}`).loginAs(driver).withInertia()
    page.assertInertiaComponent('fleet/inspection_form')
    assert.sameMembers(
      (page.inertiaProps.checklist as { name: string }[]).map((item) => item.name),
      ['Tyres', 'Brake light']
    )
    assert.deepEqual(page.inertiaProps.odometer, { min: 119_900, max: 125_000 })
    const otherPage = await client.get(`${FORM}?device=${other.id}`).loginAs(driver).withInertia()
    assert.deepEqual(
      (otherPage.inertiaProps.checklist as { name: string }[]).map((item) => item.name),
      ['Tyres']
    )

    // An implausible odometer and a failed item without a note are refused, in Turkish too
    const refused = await client
      .post(FORM)
      .withCsrfToken()
      .loginAs(driver)
      .header('referer', FORM)
      .json({
        device_id: vehicle.id,
        odometer_km: 90_000,
        [`result_${tyres}`]: 'pass',
        [`result_${brake}`]: 'fail',
        signature: SIGNATURE,
      })
      .redirects(0)
    const errors = inputErrors(refused)
    assert.deepEqual(errors.odometer_km, [
      'The odometer must be between 119900 and 125000 km for this vehicle.',
    ])
    assert.deepEqual(errors[`note_${brake}`], ['Write what is wrong with "Brake light".'])
    const turkish = await client
      .post(`/tr/formlar/denetim`)
      .withCsrfToken()
      .loginAs(driver)
      .header('referer', '/tr/formlar/denetim')
      .json({ device_id: vehicle.id, odometer_km: 120_010, [`result_${tyres}`]: 'pass' })
      .redirects(0)
    const trErrors = inputErrors(turkish)
    assert.deepEqual(trErrors[`result_${brake}`], [
      '"Brake light" maddesini geçti veya kaldı olarak işaretleyin.',
    ])
    assert.deepEqual(trErrors.signature, ['Sürücünün imzası zorunludur.'])
    assert.equal(Number((await db.from('inspections').count('* as n'))[0].n), 0)

    // The company's webhook receives the failed inspection (issue 30, record webhooks).
    const hook = await receivingWebhook(company.id)
    const filed = await client
      .post(FORM)
      .withCsrfToken()
      .loginAs(driver)
      .header('referer', FORM)
      .json({
        device_id: vehicle.id,
        odometer_km: 120_010,
        [`result_${tyres}`]: 'pass',
        [`result_${brake}`]: 'fail',
        [`note_${brake}`]: 'Left brake light does not light up',
        signature: SIGNATURE,
      })
      .redirects(0)
    filed.assertFlashMessage('success', 'Inspection filed: 1 failed item opened an issue.')
    const inspection = await db.from('inspections').where('company_id', company.id).firstOrFail()
    assert.equal(inspection.result, 'failed')
    assert.equal(inspection.inspector_id, driver.id)
    assert.match(inspection.signature_path, new RegExp(`^${company.id}/inspections/.+\\.png$`))
    const issue = await db.from('fleet_issues').where('company_id', company.id).firstOrFail()
    assert.equal(issue.title, 'Brake light')
    assert.equal(issue.device_id, vehicle.id)
    assert.equal(issue.status, 'open')
    assert.equal(issue.description, 'Left brake light does not light up')
    const events = await WebhookDelivery.query().where('webhook_id', hook.id)
    assert.deepEqual(
      events.map((event) => event.payload.type),
      ['inspection.failed']
    )
    const sent = events[0].payload.record as Record<string, any>
    assert.equal(sent.id, inspection.id)
    assert.deepEqual(sent.failed_items, [
      { item: 'Brake light', note: 'Left brake light does not light up' },
    ])

    // The manager sees the issue with its source item
    const list = await client
      .get(`${ISSUES}/data?fields=title,device,status,source_item`)
      .loginAs(manager)
    assert.deepEqual(
      list.body().data.map((row: Record<string, unknown>) => row.source_item),
      ['Brake light']
    )
    // The signature is served to the company as an image
    const signature = await client
      .get(`/backend/fleet/inspections/${inspection.id}/files/signature`)
      .loginAs(manager)
    signature.assertStatus(200)
    signature.assertHeader('content-type', 'image/png')
    // The inspections table creates nothing by itself
    const direct = await client
      .post('/backend/fleet/inspections')
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', '/backend/fleet/inspections')
      .json({})
      .redirects(0)
    assert.deepEqual(inputErrors(direct).device_id, [
      'Inspections are filed on the inspection form.',
    ])
  }).timeout(180_000)

  test('a failed item with a photo: the issue keeps its own copy; a PDF is refused', async ({
    client,
    assert,
  }) => {
    drive.fake()
    try {
      const { user, company } = await createMember({ role: 'user' })
      const vehicle = await createVehicle(company)
      const brake = await checklistItem(company.id, 'Brake light')
      const png = Buffer.from(SIGNATURE.split(',')[1], 'base64')
      const fields = {
        device_id: String(vehicle.id),
        odometer_km: '10',
        [`result_${brake}`]: 'fail',
        [`note_${brake}`]: 'Cracked lens',
        signature: SIGNATURE,
      }
      const refused = await client
        .post(FORM)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', FORM)
        .fields(fields)
        .file(`photo_${brake}`, Buffer.from('%PDF-1.4'), {
          filename: 'lens.pdf',
          contentType: 'application/pdf',
        })
        .redirects(0)
      assert.lengthOf(inputErrors(refused)[`photo_${brake}`], 1)
      const filed = await client
        .post(FORM)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', FORM)
        .fields(fields)
        .file(`photo_${brake}`, png, { filename: 'lens.png', contentType: 'image/png' })
        .redirects(0)
      filed.assertStatus(302)
      const result = await db
        .from('inspection_results')
        .where('company_id', company.id)
        .firstOrFail()
      const issue = await db.from('fleet_issues').where('company_id', company.id).firstOrFail()
      assert.isString(result.photo_path)
      assert.notEqual(issue.photo_path, result.photo_path)
      assert.isTrue(await drive.use().exists(result.photo_path))
      assert.isTrue(await drive.use().exists(issue.photo_path))
    } finally {
      drive.restore()
    }
  }).timeout(120_000)

  test('work order: transitions enforced, approval needs the right, stock, completion effects', async ({
    client,
    assert,
  }) => {
    const { user: manager, company } = await createMember({ role: 'manager' })
    const member = await memberOf(company, 'user')
    const vehicle = await createVehicle(company, { plate: '34 WO 01' })
    await setVehicleState(vehicle, company, { odometer: 50_000_000 })
    await addTrip(vehicle, company, {
      start: DateTime.now().minus({ days: 2 }),
      distance: 100_000,
      duration: 3600,
    })
    const [schedule] = await db
      .table('maintenance_schedules')
      .insert({
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'brake_check',
        interval_days: 180,
        interval_km: 15_000,
        next_date: '2020-01-01',
        next_distance_km: 40_000,
        created_at: new Date(),
      })
      .returning('id')
    const [issueRow] = await db
      .table('fleet_issues')
      .insert({
        company_id: company.id,
        device_id: vehicle.id,
        title: 'Brake light',
        priority: 'high',
      })
      .returning('id')
    const bulb = await inventoryItem(company.id, 'Brake bulb', 1, 1250)

    // Created through the table
    const created = await client
      .post(ORDERS)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', ORDERS)
      .json({
        title: 'Brake light repair',
        device_id: vehicle.id,
        maintenance_type: 'brake_check',
        labour_hours: 1.5,
        labour_rate: 400,
        currency: 'TRY',
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const order = await db.from('work_orders').where('company_id', company.id).firstOrFail()
    assert.equal(order.status, 'open')
    const url = `${ORDERS}/${order.id}`
    const post = (path: string, body: Record<string, unknown>, user = manager) =>
      client
        .post(`${url}${path}`)
        .withCsrfToken()
        .loginAs(user)
        .header('accept', 'application/json')
        .json(body)
        .redirects(0)

    ;(await post('/issues', { issue_id: issueRow.id })).assertStatus(302)
    ;(
      await post('/parts', { inventory_item_id: bulb, quantity: 2, unit_price: 12.5 })
    ).assertStatus(302)

    // Completing before approval is refused; approval before the request is refused
    const early = await post('/transition', { action: 'complete', mechanic_name: 'Ali' })
    early.assertStatus(422)
    assert.equal(
      early.body().errors[0].message,
      'This work order cannot be completed: it must be awaiting approval with its cost approved (it is Open).'
    )
    ;(await post('/transition', { action: 'start' })).assertStatus(302)
    ;(await post('/transition', { action: 'request_approval' })).assertStatus(302)
    // Parts are locked once the cost is submitted
    const locked = await post('/parts', { inventory_item_id: bulb, quantity: 1, unit_price: 1 })
    locked.assertStatus(422)

    // A plain user may not approve the cost; the manager does (issue 30's "done when")
    ;(await post('/transition', { action: 'approve' }, member)).assertStatus(403)
    const awaiting = await client.get(url).loginAs(manager).withInertia()
    assert.include(awaiting.inertiaProps.actions as string[], 'approve')
    ;(await post('/transition', { action: 'approve' })).assertStatus(302)
    const approved = await db.from('work_orders').where('id', order.id).firstOrFail()
    assert.equal(approved.approved_by, manager.id)

    // Stock short: 2 bulbs needed, 1 left: refused, nothing changes
    const short = await post('/transition', { action: 'complete', mechanic_name: 'Ali Usta' })
    short.assertStatus(422)
    assert.equal(
      short.body().errors[0].message,
      'Not enough "Brake bulb" in stock: 2 needed, 1 left.'
    )
    assert.equal(
      (await db.from('work_orders').where('id', order.id).firstOrFail()).status,
      'awaiting_approval'
    )
    assert.equal(Number((await db.from('service_records').count('* as n'))[0].n), 0)

    // Sign-off needs the mechanic
    await db.from('inventory_items').where('id', bulb).update({ quantity: 5 })
    const unsigned = await post('/transition', { action: 'complete' })
    unsigned.assertStatus(422)
    assert.equal(unsigned.body().errors[0].message, "The mechanic's name is required to sign off.")

    const hook = await receivingWebhook(company.id)
    ;(await post('/transition', { action: 'complete', mechanic_name: 'Ali Usta' })).assertStatus(
      302
    )
    const done = await db.from('work_orders').where('id', order.id).firstOrFail()
    const completedEvents = await WebhookDelivery.query()
      .where('webhook_id', hook.id)
      .whereRaw(`payload->>'type' = 'work_order.completed'`)
    assert.lengthOf(completedEvents, 1)
    assert.equal((completedEvents[0].payload.record as Record<string, any>).id, order.id)
    assert.equal((completedEvents[0].payload.record as Record<string, any>).status, 'completed')
    assert.equal(done.status, 'completed')
    assert.equal(done.mechanic_name, 'Ali Usta')
    assert.isNotNull(done.signed_off_at)
    // Stock taken, issue resolved
    assert.equal((await db.from('inventory_items').where('id', bulb).firstOrFail()).quantity, 3)
    const issue = await db.from('fleet_issues').where('id', issueRow.id).firstOrFail()
    assert.equal(issue.status, 'resolved')
    assert.isNotNull(issue.resolved_at)
    // Service record with the total (2 × 12.50 + 1.5 h × 400 = 625.00)
    const service = await db
      .from('service_records')
      .where('id', done.service_record_id)
      .firstOrFail()
    assert.equal(Number(service.amount_cents), 62_500)
    assert.equal(service.officer, 'Ali Usta')
    assert.equal(service.km, 50_000)
    // The maintenance record and the schedule rolled forward from today and 50,000 km
    const maintenance = await db
      .from('maintenance_records')
      .where('id', done.maintenance_record_id)
      .firstOrFail()
    assert.isTrue(maintenance.completed)
    const rolled = await db.from('maintenance_schedules').where('id', schedule.id).firstOrFail()
    assert.equal(rolled.next_distance_km, 65_000)
    assert.notEqual(DateTime.fromJSDate(rolled.next_date).toISODate(), '2020-01-01')
    // The vehicle's costs and cost per km (100 km driven)
    const summary = await client
      .get('/backend/fleet/vehicle-summary/data?fields=name,services,total_cost,cost_per_km')
      .loginAs(manager)
    const row = summary
      .body()
      .data.find((entry: Record<string, unknown>) => entry.name === vehicle.name)
    assert.equal(row.services, 625)
    assert.equal(row.cost_per_km, 6.25)
    // The reports: the work order's costs; the issue no longer open
    const context = { companyId: company.id, timezone: 'Europe/Istanbul', now: DateTime.now() }
    const costs = await fleetReports['work-order-costs'].run({ period: 'this_month' }, context)
    assert.deepInclude(costs.page.rows[0], {
      title: 'Brake light repair',
      parts: 25,
      labour: 600,
      total: 625,
      mechanic: 'Ali Usta',
    })
    assert.include(costs.totals, { orders: 1, total: 625 })
    const open = await fleetReports['open-issues'].run({ period: 'this_month' }, context)
    assert.equal(open.totals.issues, 0)
    const resolved = await fleetReports['open-issues'].run(
      { period: 'this_month', status: 'resolved' },
      context
    )
    assert.deepInclude(resolved.page.rows[0], {
      title: 'Brake light',
      workOrder: 'Brake light repair',
    })
    // Completed is final; the page shows it
    ;(await post('/transition', { action: 'reopen' })).assertStatus(422)
    const page = await client.get(url).loginAs(manager).withInertia()
    page.assertInertiaComponent('fleet/work_order')
    assert.equal(page.inertiaProps.order.totals.total, 625)
    assert.deepEqual(page.inertiaProps.actions, [])
  }).timeout(180_000)

  test('issue statuses move open → resolved/closed only; work order must be the vehicle’s', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const other = await createVehicle(company)
    const orderId = await workOrder(company.id, other.id)
    const write = (body: Record<string, unknown>, id?: number) =>
      client[id ? 'put' : 'post'](id ? `${ISSUES}/${id}` : ISSUES)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', ISSUES)
        .json(body)
        .redirects(0)
    const base = { title: 'Oil leak', device_id: vehicle.id, priority: 'medium' }
    const wrong = await write({ ...base, status: 'open', work_order_id: orderId })
    assert.deepEqual(inputErrors(wrong).work_order_id, [
      'The work order must be for the same vehicle as the issue.',
    ])
    await write({ ...base, status: 'open' })
    const issue = await db.from('fleet_issues').where('company_id', company.id).firstOrFail()
    await write({ ...base, status: 'closed' }, issue.id)
    const closed = await db.from('fleet_issues').where('id', issue.id).firstOrFail()
    assert.equal(closed.status, 'closed')
    assert.isNotNull(closed.resolved_at)
    const reopen = await write({ ...base, status: 'open' }, issue.id)
    assert.deepEqual(inputErrors(reopen).status, ['An issue that is Closed cannot become Open.'])
  }).timeout(120_000)

  test("another company's inspections, issues and work orders answer 404", async ({ client }) => {
    const { company } = await createMember({ role: 'owner' })
    const { user: stranger } = await createMember({ role: 'owner' })
    const vehicle = await createVehicle(company)
    const orderId = await workOrder(company.id, vehicle.id)
    const [issue] = await db
      .table('fleet_issues')
      .insert({ company_id: company.id, device_id: vehicle.id, title: 'Horn' })
      .returning('id')
    const [inspection] = await db
      .table('inspections')
      .insert({
        company_id: company.id,
        device_id: vehicle.id,
        inspected_at: new Date(),
        odometer_km: 10,
        result: 'passed',
        signature_path: `${company.id}/inspections/x/signature.png`,
      })
      .returning('id')
    for (const url of [
      `${ORDERS}/${orderId}`,
      `${ORDERS}/data/${orderId}`,
      `${ISSUES}/data/${issue.id}`,
      `/backend/fleet/inspections/${inspection.id}/files/signature`,
    ]) {
      ;(await client.get(url).loginAs(stranger)).assertStatus(404)
    }
    const transition = await client
      .post(`${ORDERS}/${orderId}/transition`)
      .withCsrfToken()
      .loginAs(stranger)
      .header('accept', 'application/json')
      .json({ action: 'start' })
    transition.assertStatus(404)
    const attach = await client
      .post(`${ORDERS}/${orderId}/issues`)
      .withCsrfToken()
      .loginAs(stranger)
      .header('accept', 'application/json')
      .json({ issue_id: issue.id })
    attach.assertStatus(404)
    // A member of the company without the fleet right cannot change work orders
    const { user: member, company: own } = await createMember({ role: 'user' })
    const ownVehicle = await createVehicle(own)
    const ownOrder = await workOrder(own.id, ownVehicle.id)
    const refused = await client
      .post(`${ORDERS}/${ownOrder}/transition`)
      .withCsrfToken()
      .loginAs(member)
      .header('accept', 'application/json')
      .json({ action: 'start' })
    refused.assertStatus(403)
  }).timeout(120_000)
})
