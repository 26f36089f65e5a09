import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { addEvent, createVehicle } from '#tests/functional/live/live_fixtures'

const CADO = '/backend/fleet/cado-records'

async function seedDriver(companyId: number, name: string) {
  const [driver] = await db
    .table('drivers')
    .insert({
      company_id: companyId,
      name,
      status: 'active',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return driver.id as number
}

async function seedTrip(
  companyId: number,
  deviceId: number,
  driverId: number | null,
  start: DateTime,
  seconds: number,
  meters: number
) {
  await db.table('trips').insert({
    company_id: companyId,
    device_id: deviceId,
    driver_id: driverId,
    start_time: start.toJSDate(),
    end_time: start.plus({ seconds }).toJSDate(),
    start_latitude: 41,
    start_longitude: 29,
    end_latitude: 41.05,
    end_longitude: 29.05,
    distance: meters,
    max_speed: 80,
    average_speed: 50,
    duration: seconds,
    idle_duration: 0,
    start_odometer: 0,
    end_odometer: meters,
  })
}

test.group('CADO records', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a manager creates, edits and deletes a work order, money in cents', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const created = await client
      .post(CADO)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', CADO)
      .json({
        reference: 'WO-2026-0042',
        device_id: vehicle.id,
        operation: 'Clutch replacement',
        status: 'in_progress',
        opened_at: '2026-11-18',
        km: 182000,
        amount: 12500.5,
        currency: 'TRY',
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const row = await db.from('cado_records').where('company_id', company.id).firstOrFail()
    assert.equal(Number(row.amount_cents), 1250050)

    const edited = await client
      .put(`${CADO}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', CADO)
      .json({
        reference: 'WO-2026-0042',
        operation: 'Clutch replacement',
        status: 'closed',
        opened_at: '2026-11-18',
        closed_at: '2026-11-20',
        currency: 'TRY',
      })
      .redirects(0)
    edited.assertFlashMessage('success', 'Record updated successfully!')
    assert.equal((await db.from('cado_records').where('id', row.id).firstOrFail()).status, 'closed')

    const removed = await client
      .delete(`${CADO}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', CADO)
      .redirects(0)
    removed.assertFlashMessage('success', 'Item deleted successfully')
    assert.isNull(await db.from('cado_records').where('id', row.id).first())
  })

  for (const [path, required, order, duplicate] of [
    [
      CADO,
      'The Operation field is required.',
      'The Closed on must not be before the Opened on.',
      'This CADO reference is already in use.',
    ],
    [
      '/tr/panel/filo/cado-kayitlari',
      'İşlem alanı zorunludur.',
      'Kapanış tarihi, Açılış tarihi alanındaki tarihten önce olamaz.',
      null,
    ],
  ] as const) {
    test(`validation in the page's language (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'manager' })
      await db.table('cado_records').insert({
        company_id: company.id,
        reference: 'WO-1',
        operation: 'Service',
        status: 'open',
        opened_at: '2026-11-01',
        currency: 'TRY',
        created_at: new Date(),
      })
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({
          reference: 'WO-1',
          status: 'open',
          opened_at: '2026-11-10',
          closed_at: '2026-11-09',
          currency: 'TRY',
        })
        .redirects(0)
      const errors = inputErrors(response)
      assert.deepEqual(errors.operation, [required])
      assert.deepEqual(errors.closed_at, [order])
      if (duplicate) assert.deepEqual(errors.reference, [duplicate])
      else assert.lengthOf(errors.reference, 1)
      assert.lengthOf(await db.from('cado_records').where('company_id', company.id), 1)
    })
  }

  test('a member reads but cannot write; another company gets 404', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const [row] = await db
      .table('cado_records')
      .insert({
        company_id: company.id,
        reference: 'WO-7',
        operation: 'Service',
        status: 'open',
        opened_at: '2026-11-01',
        currency: 'TRY',
        created_at: new Date(),
      })
      .returning('id')
    const refused = await client
      .post(CADO)
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({
        reference: 'WO-8',
        operation: 'x',
        status: 'open',
        opened_at: '2026-11-01',
        currency: 'TRY',
      })
    refused.assertStatus(403)
    const list = await client.get(`${CADO}/data?fields=reference`).loginAs(user)
    assert.deepEqual(
      list.body().data.map((r: { reference: string }) => r.reference),
      ['WO-7']
    )

    const other = await createMember({ role: 'owner' })
    for (const request of [
      client.get(`${CADO}/data/${row.id}`),
      client.delete(`${CADO}/${row.id}`).withCsrfToken(),
    ]) {
      const response = await request.loginAs(other.user).header('accept', 'application/json')
      response.assertStatus(404)
    }
    assert.lengthOf((await client.get(`${CADO}/data`).loginAs(other.user)).body().data, 0)
  })
})

test.group('Driver events, HR, inventory and statistics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("events go to the trip's driver, else the vehicle's driver; none else", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const tripDriver = await seedDriver(company.id, 'Trip Driver')
    const assigned = await seedDriver(company.id, 'Assigned Driver')
    const vehicle = await createVehicle(company, { driver_id: assigned })
    const unassigned = await createVehicle(company)
    const tripStart = DateTime.now().minus({ hours: 3 })
    await seedTrip(company.id, vehicle.id, tripDriver, tripStart, 3600, 40_000)
    await addEvent(vehicle, company, { code: 'A102', time: tripStart.plus({ minutes: 10 }) })
    await addEvent(vehicle, company, { code: 'A101', time: tripStart.plus({ hours: 2 }) })
    await addEvent(unassigned, company, { code: 'A105', time: tripStart.plus({ minutes: 5 }) })

    const response = await client
      .get('/backend/fleet/driver-events/data?fields=driver,code,device&sort=code')
      .loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((row: { driver: string; code: string }) => [row.code, row.driver]),
      [
        ['A101', 'Assigned Driver'],
        ['A102', 'Trip Driver'],
      ]
    )
    const page = await client.get('/tr/panel/filo/surucu-olaylari').loginAs(user).withInertia()
    page.assertInertiaComponent('crud/resource_index')

    const other = await createMember({ role: 'owner' })
    const foreign = await client.get('/backend/fleet/driver-events/data').loginAs(other.user)
    assert.lengthOf(foreign.body().data, 0)
  })

  test('HR: leave days in the period, working time and distance from trips', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    await user.refresh()
    const driverId = await seedDriver(company.id, 'Hasan Yılmaz')
    const vehicle = await createVehicle(company)
    await db.table('leave_requests').insert([
      {
        company_id: company.id,
        driver_id: driverId,
        status: 'approved',
        start_date: '2026-10-29',
        end_date: '2026-11-03',
        created_at: new Date(),
      },
      {
        company_id: company.id,
        driver_id: driverId,
        status: 'pending',
        start_date: '2026-11-20',
        end_date: '2026-11-21',
        created_at: new Date(),
      },
      {
        company_id: company.id,
        driver_id: driverId,
        status: 'rejected',
        start_date: '2026-11-10',
        end_date: '2026-11-12',
        created_at: new Date(),
      },
    ])
    const zone = 'Europe/Istanbul'
    await seedTrip(
      company.id,
      vehicle.id,
      driverId,
      DateTime.fromISO('2026-11-05T09:00', { zone }),
      5400,
      62_000
    )
    await seedTrip(
      company.id,
      vehicle.id,
      driverId,
      DateTime.fromISO('2026-11-06T23:30', { zone }),
      1800,
      18_000
    )
    await seedTrip(
      company.id,
      vehicle.id,
      driverId,
      DateTime.fromISO('2026-12-01T09:00', { zone }),
      1800,
      9_000
    )

    // Accidents and traffic fines come with the fleet records; here as small as HR reads them.
    await db.rawQuery(
      `CREATE TABLE IF NOT EXISTS accidents (id serial PRIMARY KEY, company_id integer NOT NULL,
         driver_id integer, accident_date date NOT NULL, created_at timestamptz NOT NULL)`
    )
    await db.rawQuery(
      `CREATE TABLE IF NOT EXISTS traffic_fines (id serial PRIMARY KEY, company_id integer NOT NULL,
         driver_id integer, fine_date date NOT NULL, created_at timestamptz NOT NULL)`
    )
    await db.table('accidents').insert([
      {
        company_id: company.id,
        driver_id: driverId,
        accident_date: '2026-11-08',
        created_at: new Date(),
      },
      {
        company_id: company.id,
        driver_id: driverId,
        accident_date: '2026-10-08',
        created_at: new Date(),
      },
    ])
    await db.table('traffic_fines').insert([
      {
        company_id: company.id,
        driver_id: driverId,
        fine_date: '2026-11-09',
        created_at: new Date(),
      },
      {
        company_id: company.id,
        driver_id: driverId,
        fine_date: '2026-11-19',
        created_at: new Date(),
      },
    ])

    // An engine report on the shared report page, at the fleet page's paths; `from`/`to`
    // without a period is a custom period.
    const page = await client
      .get('/backend/fleet/hr-reports?from=2026-11-01&to=2026-11-30')
      .loginAs(user)
      .withInertia()
    page.assertInertiaComponent('reports/show')
    assert.equal(page.inertiaProps.report.slug, 'hr-reports')
    assert.include(page.inertiaProps.input, {
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-30',
    })
    assert.deepEqual(page.inertiaProps.result.page.data, [
      {
        id: 1,
        driverId,
        driver: 'Hasan Yılmaz',
        status: 'active',
        leaveDays: 3,
        pendingLeave: 1,
        trips: 2,
        working: 7200,
        distance: 80,
        accidents: 1,
        fines: 2,
      },
    ])
    assert.include(page.inertiaProps.result.totals, {
      drivers: 1,
      leaveDays: 3,
      trips: 2,
      accidents: 1,
      fines: 2,
    })
    // Turkish paths, the same figures; the export streams the same rows.
    const tr = await client
      .get('/tr/panel/filo/ik-raporlari?from=2026-11-01&to=2026-11-30')
      .loginAs(user)
      .withInertia()
    tr.assertInertiaComponent('reports/show')
    assert.equal(tr.inertiaProps.result.page.data[0].trips, 2)
    const csv = await client
      .get('/backend/fleet/hr-reports/export?format=csv&from=2026-11-01&to=2026-11-30')
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'Hasan Yılmaz')
    // With no period: the last 30 days.
    const recent = await client.get('/backend/fleet/hr-reports').loginAs(user).withInertia()
    const today = DateTime.now().setZone(user.timezone ?? zone)
    assert.include(recent.inertiaProps.input, {
      period: 'custom',
      from: today.minus({ days: 29 }).toISODate(),
      to: today.toISODate(),
    })
    const other = await createMember({ role: 'owner' })
    const foreign = await client.get('/backend/fleet/hr-reports').loginAs(other.user).withInertia()
    assert.lengthOf(foreign.inertiaProps.result.page.data, 0)
  })

  test('inventory reports: stock, held, returned and value', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company)
    const [item] = await db
      .table('inventory_items')
      .insert({
        company_id: company.id,
        name: 'Fire extinguisher',
        type: 'returnable',
        quantity: 5,
        purchase_price_cents: 45000,
        currency: 'TRY',
        created_at: new Date(),
      })
      .returning('id')
    await db.table('inventory_items').insert({
      company_id: company.id,
      name: 'Vest',
      type: 'non_returnable',
      quantity: 10,
      currency: 'EUR',
      purchase_price_cents: 1250,
      created_at: new Date(),
    })
    await db.table('inventory_assignments').insert([
      {
        company_id: company.id,
        inventory_item_id: item.id,
        device_id: vehicle.id,
        assigned_at: '2026-11-01',
        is_returned: false,
        created_at: new Date(),
      },
      {
        company_id: company.id,
        inventory_item_id: item.id,
        device_id: vehicle.id,
        assigned_at: '2026-11-02',
        is_returned: false,
        created_at: new Date(),
      },
      {
        company_id: company.id,
        inventory_item_id: item.id,
        device_id: vehicle.id,
        assigned_at: '2026-10-01',
        returned_at: '2026-10-20',
        is_returned: true,
        created_at: new Date(),
      },
    ])
    const page = await client.get('/backend/assets/inventory-reports').loginAs(user).withInertia()
    page.assertInertiaComponent('reports/show')
    // A report of the present state: no period asked or shown, whatever the address says.
    assert.isFalse(page.inertiaProps.report.hasPeriod)
    const extinguisher = page.inertiaProps.result.page.data.find(
      (row: { name: string }) => row.name === 'Fire extinguisher'
    )
    assert.include(extinguisher, {
      quantity: 5,
      held: 2,
      returned: 1,
      inStock: 3,
      currency: 'TRY',
      unitPrice: 450,
      value: 2250,
    })
    assert.deepEqual(page.inertiaProps.result.totals, {
      in_stock: 13,
      held: 2,
      returned: 1,
      value_try: 2250,
      value_eur: 125,
    })
    // A period in the address is ignored (years long: any report with a period refuses it).
    const dated = await client
      .get('/backend/assets/inventory-reports?period=custom&from=2000-01-01&to=2026-01-02')
      .loginAs(user)
      .withInertia()
    dated.assertStatus(200)
    assert.equal(dated.inertiaProps.result.period.kind, 'today')
    assert.deepEqual(dated.inertiaProps.result.totals, page.inertiaProps.result.totals)
    const tr = await client.get('/tr/panel/araclar/envanter-raporlari').loginAs(user).withInertia()
    tr.assertInertiaComponent('reports/show')
    assert.lengthOf(tr.inertiaProps.result.page.data, 2)
    const csv = await client
      .get('/backend/assets/inventory-reports/export?format=csv')
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'Fire extinguisher')
    const xlsx = await client
      .get('/tr/panel/araclar/envanter-raporlari/export?format=xlsx')
      .loginAs(user)
    xlsx.assertStatus(200)
    xlsx.assertHeader(
      'content-type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    const other = await createMember({ role: 'owner' })
    const foreign = await client
      .get('/backend/assets/inventory-reports')
      .loginAs(other.user)
      .withInertia()
    assert.lengthOf(foreign.inertiaProps.result.page.data, 0)
    assert.deepEqual(foreign.inertiaProps.result.totals, { in_stock: 0, held: 0, returned: 0 })
  })

  test('fleet statistics count vehicles, distance per day, requests and checks', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    await user.refresh()
    const vehicle = await createVehicle(company)
    await createVehicle(company, { status: 'passive' })
    const zone = 'Europe/Istanbul'
    const today = DateTime.now().setZone(zone)
    await seedTrip(
      company.id,
      vehicle.id,
      null,
      today.startOf('day').plus({ hours: 1 }),
      600,
      12_300
    )
    await db.table('fleet_requests').insert([
      {
        company_id: company.id,
        description: 'a',
        status: 'pending',
        request_date: today.toISODate(),
        created_at: new Date(),
      },
      {
        company_id: company.id,
        description: 'b',
        status: 'done',
        request_date: today.toISODate(),
        created_at: new Date(),
      },
    ])
    const page = await client.get('/backend/fleet/stats').loginAs(user).withInertia()
    page.assertInertiaComponent('fleet/stats')
    const props = page.inertiaProps
    assert.sameDeepMembers(props.vehiclesByStatus, [
      { key: 'active', count: 1 },
      { key: 'passive', count: 1 },
    ])
    assert.lengthOf(props.distancePerDay, 14)
    assert.deepEqual(props.distancePerDay[13], { day: today.toISODate(), km: 12.3 })
    assert.deepEqual(props.requests, [{ key: 'pending', count: 1 }])
    assert.deepEqual(props.checks, { count: 0, passed: 0, average: null })

    const other = await createMember({ role: 'owner' })
    const foreign = await client.get('/backend/fleet/stats').loginAs(other.user).withInertia()
    assert.deepEqual(foreign.inertiaProps.vehiclesByStatus, [])
  })

  test("exports hold the company's own rows only", async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const vehicle = await createVehicle(company, { name: 'Own Van' })
    const driverId = await seedDriver(company.id, 'Own Driver')
    await db.table('fleet_requests').insert({
      company_id: company.id,
      description: 'Own request',
      status: 'pending',
      request_date: '2026-11-20',
      created_at: new Date(),
    })
    await db.table('leave_requests').insert({
      company_id: company.id,
      driver_id: driverId,
      status: 'pending',
      start_date: '2026-11-20',
      end_date: '2026-11-21',
      description: 'Own leave',
      created_at: new Date(),
    })
    await db.table('cado_records').insert({
      company_id: company.id,
      reference: 'OWN-1',
      operation: 'Own work',
      status: 'open',
      opened_at: '2026-11-20',
      currency: 'TRY',
      created_at: new Date(),
    })
    const checkScores = Object.fromEntries(
      [
        'interior_cleaning',
        'exterior_cleaning',
        'windows',
        'tyres',
        'seats',
        'trunk',
        'attire',
        'shoes',
        'shave',
        'equipment',
        'behaviour',
        'discipline',
        'tourism_certificate',
      ].map((item) => [item, 5])
    )
    await db.table('vehicle_checks').insert({
      company_id: company.id,
      device_id: vehicle.id,
      type: 'daily',
      check_date: '2026-11-20',
      ...checkScores,
      created_at: new Date(),
    })
    const other = await createMember({ role: 'owner' })
    for (const path of [
      '/backend/fleet/request/export?format=csv&from=2026-11-01&to=2026-11-30',
      '/backend/fleet/leave-request/export?format=csv&from=2026-11-01&to=2026-11-30',
      '/backend/fleet/cado-records/export?format=csv&from=2026-11-01&to=2026-11-30',
      '/backend/fleet/vehicle-check/export?format=csv&from=2026-11-01&to=2026-11-30',
    ]) {
      const own = await client.get(path).loginAs(user)
      own.assertStatus(200)
      assert.match(own.text(), /Own|OWN-1/, path)
      const foreign = await client.get(path).loginAs(other.user)
      foreign.assertStatus(200)
      assert.notMatch(foreign.text(), /Own|OWN-1/, path)
    }
  })

  test('/backend/fleet/index_old redirects to the statistics', async ({ client }) => {
    const { user } = await createMember()
    const en = await client.get('/backend/fleet/index_old').loginAs(user).redirects(0)
    en.assertStatus(301)
    en.assertHeader('location', '/backend/fleet/stats')
    const tr = await client.get('/tr/panel/filo/index_old').loginAs(user).redirects(0)
    tr.assertHeader('location', '/tr/panel/filo/istatistikler')
  })

  test('every page answers in both languages and needs a sign-in', async ({ client }) => {
    const { user } = await createMember({ role: 'user' })
    for (const [path, component] of [
      ['/backend/fleet/request', 'crud/resource_index'],
      ['/tr/panel/filo/izin-talepleri', 'crud/resource_index'],
      ['/tr/panel/filo/arac-kontrolleri', 'crud/resource_index'],
      ['/tr/panel/filo/basarili-araclar', 'crud/resource_index'],
      ['/tr/panel/filo/cado-kayitlari', 'crud/resource_index'],
      ['/tr/formlar/arac-kontrol', 'fleet/vehicle_check_form'],
      ['/tr/panel/filo/arac-kontrol-raporlari', 'reports/show'],
      ['/tr/panel/filo/istatistikler', 'fleet/stats'],
    ] as const) {
      const page = await client.get(path).loginAs(user).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent(component)
      const anonymous = await client.get(path).redirects(0)
      anonymous.assertStatus(302)
    }
    // HR reports are personal data: only roles with the HR right (owner, admin) open them.
    const refused = await client.get('/tr/panel/filo/ik-raporlari').loginAs(user).withInertia()
    refused.assertInertiaComponent('backend/unauthorized')
    const { user: admin } = await createMember({ role: 'admin' })
    const hr = await client.get('/tr/panel/filo/ik-raporlari').loginAs(admin).withInertia()
    hr.assertInertiaComponent('reports/show')
    // Its export asks the same right.
    const refusedExport = await client
      .get('/tr/panel/filo/ik-raporlari/export?format=csv')
      .header('accept', 'application/json')
      .loginAs(user)
    refusedExport.assertStatus(403)
    const csv = await client.get('/tr/panel/filo/ik-raporlari/export?format=csv').loginAs(admin)
    csv.assertStatus(200)
  })
})
