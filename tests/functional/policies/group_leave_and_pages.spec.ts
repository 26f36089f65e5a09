import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'

/**
 * A manager limited to the North vehicle group (issue 27): leave of "their drivers" only, and
 * the custom pages beside the tables (work order page, inspection form, issues, renewals, live
 * map and history) answer 404 for the South vehicle and leave it out of their lists.
 */
const LEAVE = '/backend/fleet/leave-request'
const TR_LEAVE = '/tr/panel/filo/izin-talepleri'
const day = (offset: number) => DateTime.now().plus({ days: offset }).toISODate()!

async function insert(table: string, values: Record<string, unknown>) {
  const [row] = await db
    .table(table)
    .insert({ created_at: new Date(), ...values })
    .returning('id')
  return Number(row.id)
}

async function regions() {
  const owner = await createMember({ role: 'owner' })
  const companyId = owner.company.id
  const north = await insert('device_groups', { company_id: companyId, name: 'North' })
  const south = await insert('device_groups', { company_id: companyId, name: 'South' })
  const northDriver = await insert('drivers', { company_id: companyId, name: 'Nora North' })
  const southDriver = await insert('drivers', { company_id: companyId, name: 'Sami South' })
  const northVan = await createVehicle(owner.company, {
    name: 'North van',
    group_id: north,
    driver_id: northDriver,
    inspection_date: day(10),
  })
  const southVan = await createVehicle(owner.company, {
    name: 'South van',
    group_id: south,
    driver_id: southDriver,
    inspection_date: day(10),
  })
  const manager = await User.create({
    email: `leave-groups-${Date.now()}-${Math.random()}@example.com`,
    password: 'secret-password',
    emailVerifiedAt: DateTime.now(),
  })
  const membership = await addMember(owner.company, manager, 'manager')
  await db
    .from('team_members')
    .where('id', membership.id)
    .update({ device_group_ids: JSON.stringify([north]) })
  return {
    ...owner,
    companyId,
    north,
    south,
    northDriver,
    southDriver,
    northVan,
    southVan,
    manager,
  }
}

const leaveOf = (companyId: number, driverId: number, start: string, end: string) =>
  insert('leave_requests', {
    company_id: companyId,
    driver_id: driverId,
    start_date: start,
    end_date: end,
    status: 'pending',
  })

function post(client: any, user: User, url: string, body: Record<string, unknown>) {
  return client
    .post(url)
    .withCsrfToken()
    .loginAs(user)
    .header('referer', url)
    .json(body)
    .redirects(0)
}

test.group('Leave requests of a group-limited manager', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('they see and decide only their drivers’ leave', async ({ client, assert }) => {
    const r = await regions()
    const northLeave = await leaveOf(r.companyId, r.northDriver, '2026-12-01', '2026-12-02')
    const southLeave = await leaveOf(r.companyId, r.southDriver, '2026-12-01', '2026-12-02')

    const data = await client
      .get(`${LEAVE}/data?fields=driver`)
      .header('accept', 'application/json')
      .loginAs(r.manager)
    assert.deepEqual(
      data.body().data.map((row: { driver: string }) => row.driver),
      ['Nora North']
    )
    const csv = await client.get(`${TR_LEAVE}/export?format=csv`).loginAs(r.manager)
    assert.include(csv.text(), 'Nora North')
    assert.notInclude(csv.text(), 'Sami South')
    const owners = await client.get(`${LEAVE}/data?fields=driver`).loginAs(r.user)
    assert.lengthOf(owners.body().data, 2)

    const decide = (id: number) =>
      client
        .post(`${LEAVE}/${id}/decision`)
        .withCsrfToken()
        .loginAs(r.manager)
        .header('accept', 'application/json')
        .json({ action: 'confirm' })
        .redirects(0)
    ;(await decide(southLeave)).assertStatus(404)
    ;(await decide(northLeave)).assertStatus(302)
    const statuses = await db.from('leave_requests').whereIn('id', [northLeave, southLeave])
    assert.deepEqual(Object.fromEntries(statuses.map((row) => [row.id, row.status])), {
      [northLeave]: 'approved',
      [southLeave]: 'pending',
    })
    // One record, edit and delete: 404 too
    const one = await client
      .get(`${LEAVE}/data/${southLeave}`)
      .header('accept', 'application/json')
      .loginAs(r.manager)
    one.assertStatus(404)
  })

  test('they file leave only for a driver they see; the form offers only those', async ({
    client,
    assert,
  }) => {
    const r = await regions()
    const page = await client.get(LEAVE).loginAs(r.manager).withInertia()
    assert.deepEqual(
      (page.inertiaProps.lookups as Record<string, { name: string }[]>).driver_id.map(
        (row) => row.name
      ),
      ['Nora North']
    )
    const refused = await post(client, r.manager, LEAVE, {
      driver_id: r.southDriver,
      start_date: '2026-12-10',
      end_date: '2026-12-11',
    })
    assert.property(inputErrors(refused), 'driver_id')
    const filed = await post(client, r.manager, LEAVE, {
      driver_id: r.northDriver,
      start_date: '2026-12-10',
      end_date: '2026-12-11',
    })
    filed.assertFlashMessage('success', 'Record created successfully!')
    assert.equal(
      Number(
        (await db.from('leave_requests').where('driver_id', r.southDriver).count('* as n'))[0].n
      ),
      0
    )
  })

  test('identical leave for the same driver and days is refused, in both languages', async ({
    client,
    assert,
  }) => {
    const r = await regions()
    const body = { driver_id: r.northDriver, start_date: '2026-12-20', end_date: '2026-12-22' }
    ;(await post(client, r.manager, LEAVE, body)).assertFlashMessage(
      'success',
      'Record created successfully!'
    )
    const again = await post(client, r.manager, LEAVE, body)
    assert.deepEqual(inputErrors(again).start_date, [
      'This driver already has leave from 2026-12-20 to 2026-12-22; leave may not overlap.',
    ])
    const turkish = await post(client, r.user, TR_LEAVE, body)
    assert.deepEqual(inputErrors(turkish).start_date, [
      'Bu sürücünün 2026-12-20 – 2026-12-22 tarihleri arasında zaten izni var; izinler çakışamaz.',
    ])
    const count = await db.from('leave_requests').where('driver_id', r.northDriver).count('* as n')
    assert.equal(Number(count[0].n), 1)
  })
})

test.group('Custom pages of a group-limited manager', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the work order page and its changes answer 404 outside their groups', async ({
    client,
    assert,
  }) => {
    const r = await regions()
    const order = (deviceId: number, title: string) =>
      insert('work_orders', {
        company_id: r.companyId,
        device_id: deviceId,
        title,
        currency: 'TRY',
        updated_at: new Date(),
      })
    const south = await order(r.southVan.id, 'South repair')
    const north = await order(r.northVan.id, 'North repair')
    ;(await client.get(`/backend/fleet/work-orders/${south}`).loginAs(r.manager)).assertStatus(404)
    ;(await client.get(`/tr/panel/filo/is-emirleri/${south}`).loginAs(r.manager)).assertStatus(404)
    const own = await client.get(`/backend/fleet/work-orders/${north}`).loginAs(r.manager)
    own.assertStatus(200)
    const start = await client
      .post(`/backend/fleet/work-orders/${south}/transition`)
      .withCsrfToken()
      .loginAs(r.manager)
      .header('accept', 'application/json')
      .json({ action: 'start' })
    start.assertStatus(404)
    assert.equal((await db.from('work_orders').where('id', south).first()).status, 'open')
    // The table: their work orders only
    const data = await client
      .get('/backend/fleet/work-orders/data?fields=title')
      .header('accept', 'application/json')
      .loginAs(r.manager)
    assert.deepEqual(
      data.body().data.map((row: { title: string }) => row.title),
      ['North repair']
    )
  })

  test('the inspection form offers their vehicles; another group’s answers 404', async ({
    client,
    assert,
  }) => {
    const r = await regions()
    const form = await client.get('/forms/inspection').loginAs(r.manager).withInertia()
    assert.deepEqual(
      (form.inertiaProps.vehicles as { name: string }[]).map((row) => row.name),
      ['North van']
    )
    assert.deepEqual(
      (form.inertiaProps.drivers as { name: string }[]).map((row) => row.name),
      ['Nora North']
    )
    ;(
      await client.get(`/forms/inspection?device=${r.southVan.id}`).loginAs(r.manager)
    ).assertStatus(404)
    ;(
      await client.get(`/tr/formlar/denetim?device=${r.southVan.id}`).loginAs(r.manager)
    ).assertStatus(404)
    const filed = await client
      .post('/forms/inspection')
      .withCsrfToken()
      .loginAs(r.manager)
      .header('accept', 'application/json')
      .json({ device_id: r.southVan.id, odometer_km: 1000, results: [] })
    filed.assertStatus(404)
    const withDriver = await client
      .post('/forms/inspection')
      .withCsrfToken()
      .loginAs(r.manager)
      .header('accept', 'application/json')
      .json({ device_id: r.northVan.id, driver_id: r.southDriver, odometer_km: 1000, results: [] })
    withDriver.assertStatus(404)
    assert.lengthOf(await db.from('inspections').where('company_id', r.companyId), 0)
  })

  test('the issues pages hold their vehicles’ issues only', async ({ client, assert }) => {
    const r = await regions()
    const issue = (deviceId: number, title: string) =>
      insert('fleet_issues', { company_id: r.companyId, device_id: deviceId, title })
    const south = await issue(r.southVan.id, 'South brake light')
    await issue(r.northVan.id, 'North brake light')
    const data = await client
      .get('/backend/fleet/issues/data?fields=title')
      .header('accept', 'application/json')
      .loginAs(r.manager)
    assert.deepEqual(
      data.body().data.map((row: { title: string }) => row.title),
      ['North brake light']
    )
    const page = await client.get('/tr/panel/filo/arizalar').loginAs(r.manager).withInertia()
    assert.notInclude(JSON.stringify(page.inertiaProps), 'South')
    ;(
      await client
        .get(`/backend/fleet/issues/data/${south}`)
        .header('accept', 'application/json')
        .loginAs(r.manager)
    ).assertStatus(404)
    const report = await client
      .get('/backend/reports/open-issues/export?format=csv&period=this_month')
      .loginAs(r.manager)
    report.assertStatus(200)
    assert.include(report.text(), 'North brake light')
    assert.notInclude(report.text(), 'South brake light')
  })

  test('renewals, the live map and history hold their vehicles only', async ({
    client,
    assert,
  }) => {
    const r = await regions()
    await insert('insurances', {
      company_id: r.companyId,
      device_id: r.southVan.id,
      policy_number: 'P-SOUTH',
      start_date: day(-300),
      end_date: day(5),
      updated_at: new Date(),
    })
    const renewals = await client
      .get('/backend/fleet/renewals')
      .header('accept', 'application/json')
      .loginAs(r.manager)
    renewals.assertStatus(200)
    const subjects = renewals.body().renewals.map((row: { subject: string }) => row.subject)
    assert.include(subjects, 'North van')
    assert.notInclude(subjects, 'South van')
    const all = await client
      .get('/backend/fleet/renewals')
      .header('accept', 'application/json')
      .loginAs(r.user)
    assert.include(
      all.body().renewals.map((row: { subject: string }) => row.subject),
      'South van'
    )

    const live = await client.get('/backend/live/fleet').loginAs(r.manager)
    assert.include(live.text(), 'North van')
    assert.notInclude(live.text(), 'South van')
    ;(
      await client.get(`/tr/panel/gecmis?deviceId=${r.southVan.id}`).loginAs(r.manager)
    ).assertStatus(404)
    ;(await client.get(`/tr/panel/araclar/${r.southVan.id}`).loginAs(r.manager)).assertStatus(404)
    ;(
      await client.get(`/backend/history?deviceId=${r.northVan.id}`).loginAs(r.manager)
    ).assertStatus(200)
  })
})
