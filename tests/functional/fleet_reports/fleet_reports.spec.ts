import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import i18nManager from '@adonisjs/i18n/services/main'
import { fleetReports } from '#reports/fleet_reports'
import { reportsBySlug } from '#reports/registry'
import { fleetDataset, MARCH, NOW, ZONE } from '#tests/functional/fleet_reports/fixtures'
import { setVehicleState } from '#tests/functional/live/live_fixtures'

async function run(slug: string, companyId: number, params: Record<string, unknown> = {}) {
  return fleetReports[slug].run({ ...MARCH, ...params }, { companyId, timezone: ZONE, now: NOW })
}

const pick = (rows: Record<string, unknown>[], ...names: string[]) =>
  rows.map((row) => Object.fromEntries(names.map((name) => [name, row[name]])))

test.group('Fleet reports: figures on a fixed dataset', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('registered by slug, with every text in both languages', ({ assert }) => {
    for (const [slug, report] of Object.entries(fleetReports)) {
      assert.strictEqual(reportsBySlug[slug], report, slug)
      for (const locale of ['en', 'tr']) {
        const i18n = i18nManager.locale(locale)
        assert.isTrue(i18n.hasMessage(`reports.${report.key}.title`), `${locale} ${slug}`)
        for (const column of Object.keys(report.columns)) {
          assert.isTrue(i18n.hasMessage(`reports.${report.key}.columns.${column}`), column)
        }
      }
    }
  })

  test('fleet-fines: per vehicle and driver, by status, amounts and totals', async ({ assert }) => {
    const { company, van } = await fleetDataset()
    const result = await run('fleet-fines', company.id)
    assert.deepEqual(result.page.rows, [
      {
        vehicle: 'Truck',
        plate: '34 TRK 2',
        driver: 'Veli',
        fines: 1,
        paid: 0,
        discounted: 1,
        delayed: 0,
        unpaid: 0,
        amount: 300,
        unpaidAmount: 0,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        driver: 'Ali',
        fines: 2,
        paid: 1,
        discounted: 0,
        delayed: 0,
        unpaid: 1,
        amount: 1500,
        unpaidAmount: 1000,
      },
    ])
    assert.deepEqual(result.totals, { fines: 3, amount: 1800, paidAmount: 800, unpaidAmount: 1000 })
    assert.deepEqual(result.chart?.labels, ['Van', 'Truck'])
    assert.deepEqual(result.chart?.series[0].data, [1500, 300])
    assert.deepEqual(result.chart?.series[1].data, [1000, 0])
    const unpaid = await run('fleet-fines', company.id, { status: 'unpaid', deviceId: van.id })
    assert.deepEqual(unpaid.totals, { fines: 1, amount: 1000, paidAmount: 0, unpaidAmount: 1000 })
  })

  test('fleet-drivers: trips, distance, time, fines, accidents, leave and checks', async ({
    assert,
  }) => {
    const { company, veli } = await fleetDataset()
    const result = await run('fleet-drivers', company.id)
    assert.deepEqual(result.page.rows, [
      {
        driver: 'Ali',
        trips: 1,
        distance: 100,
        driving: 3600,
        fines: 2,
        fineAmount: 1500,
        accidents: 1,
        leaveDays: 2,
        checks: 1,
        checkAverage: 5,
      },
      {
        driver: 'Veli',
        trips: 1,
        distance: 50,
        driving: 1800,
        fines: 1,
        fineAmount: 300,
        accidents: 0,
        leaveDays: 0,
        checks: 2,
        checkAverage: 3.92,
      },
    ])
    assert.equal(result.totals.drivers, 2)
    assert.equal(result.totals.distance, 150)
    assert.equal(result.totals.leaveDays, 2)
    const one = await run('fleet-drivers', company.id, { driverId: veli })
    assert.deepEqual(pick(one.page.rows, 'driver'), [{ driver: 'Veli' }])
  })

  test('fleet-accident: accidents with vehicle, driver and repair cost', async ({ assert }) => {
    const { company } = await fleetDataset()
    const result = await run('fleet-accident', company.id)
    assert.deepEqual(result.page.rows, [
      {
        date: '2026-03-06',
        vehicle: 'Van',
        plate: '34 VAN 1',
        driver: 'Ali',
        fileNumber: 'F-1',
        service: null,
        description: null,
        cost: 2500,
      },
    ])
    assert.deepEqual(result.totals, { accidents: 1, cost: 2500 })
  })

  test('fleet-vehicles: distance, costs by kind, cost per km, maintenance due', async ({
    assert,
  }) => {
    const { company } = await fleetDataset()
    const result = await run('fleet-vehicles', company.id)
    assert.deepEqual(result.page.rows, [
      {
        vehicle: 'Truck',
        plate: '34 TRK 2',
        distance: 50,
        driving: 1800,
        expenses: 0,
        services: 0,
        maintenance: 0,
        fines: 300,
        insurance: 1200,
        total: 1500,
        costPerKm: 30,
        openMaintenance: 0,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        distance: 100,
        driving: 3600,
        expenses: 750,
        services: 2900,
        maintenance: 300,
        fines: 1500,
        insurance: 0,
        total: 5450,
        costPerKm: 54.5,
        openMaintenance: 2,
      },
    ])
    assert.equal(result.totals.total, 6950)
    assert.equal(result.totals.costPerKm, 46.33)
    assert.equal(result.totals.openMaintenance, 2)
  })

  test('fleet-vehicle-check: scores and the pass rule', async ({ assert }) => {
    const { company } = await fleetDataset()
    const result = await run('fleet-vehicle-check', company.id)
    assert.deepEqual(result.page.rows, [
      {
        vehicle: 'Truck',
        plate: '34 TRK 2',
        checks: 2,
        average: 3.92,
        lowest: 2,
        passed: 1,
        lastCheck: '2026-03-16',
        lastAverage: 4,
        passes: true,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        checks: 1,
        average: 5,
        lowest: 5,
        passed: 1,
        lastCheck: '2026-03-07',
        lastAverage: 5,
        passes: true,
      },
    ])
    assert.deepEqual(result.totals, { vehicles: 2, checks: 3, passing: 2, passRate: 100 })
    // Up to 9 March only: the Truck's latest check fails its scores.
    const early = await run('fleet-vehicle-check', company.id, { to: '2026-03-09' })
    assert.deepEqual(result.page.rows.length, 2)
    assert.deepEqual(early.totals, { vehicles: 2, checks: 2, passing: 1, passRate: 50 })
  })

  test('maintenance-reports: records, services and due items', async ({ assert }) => {
    const { company, van } = await fleetDataset()
    // The Van's odometer now: 12,345.6 km (metres in the live state).
    await setVehicleState(van, company, { odometer: 12_345_600 })
    const result = await run('maintenance-reports', company.id)
    // Due and overdue items show the odometer now beside the km they are due at.
    assert.deepEqual(
      pick(result.page.rows, 'kind', 'odometer').map((row) => row.odometer),
      [null, 12_345, null, null, 12_345]
    )
    assert.deepEqual(pick(result.page.rows, 'kind', 'date', 'type', 'cost', 'completed'), [
      { kind: 'service', date: '2026-03-08', type: 'accident', cost: 2500, completed: false },
      { kind: 'overdue', date: '2026-03-10', type: 'oil_change', cost: null, completed: false },
      { kind: 'record', date: '2026-03-15', type: 'oil_change', cost: 300, completed: true },
      {
        kind: 'service',
        date: '2026-03-15',
        type: 'periodic_maintenance',
        cost: 400,
        completed: false,
      },
      { kind: 'due', date: '2026-03-25', type: 'brake_check', cost: null, completed: false },
    ])
    assert.deepEqual(result.totals, {
      records: 1,
      completed: 1,
      services: 2,
      cost: 3200,
      due: 1,
      overdue: 1,
    })
    assert.deepEqual(result.chart?.labels, ['Van'])
    assert.deepEqual(
      result.chart?.series.map((series) => [series.name, series.data[0]]),
      [
        ['record', 1],
        ['service', 2],
        ['overdue', 1],
        ['due', 1],
      ]
    )
  })

  test('every report runs with every filter, sorts by each column and streams all rows', async ({
    assert,
  }) => {
    const { company, van, truck, ali } = await fleetDataset()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    for (const [slug, report] of Object.entries(fleetReports)) {
      for (const params of [
        { ...MARCH },
        { period: 'this_month', deviceIds: [van.id, truck.id] },
        { period: 'last_month', deviceId: van.id, groupId: 5, driverId: ali },
      ]) {
        const result = await report.run(params, context)
        const streamed = []
        for await (const row of result.stream(1)) streamed.push(row)
        assert.lengthOf(streamed, result.page.meta.total, slug)
        for (const [column, spec] of Object.entries(report.columns)) {
          if (spec.sortable === false) continue
          const sorted = await report.run(params, context, {
            sort: { column, order: 'desc' },
          })
          assert.equal(sorted.page.meta.total, result.page.meta.total, `${slug} ${column}`)
        }
      }
    }
  })

  test('another company sees none of it', async ({ assert }) => {
    const { other } = await fleetDataset()
    const fines = await run('fleet-fines', other.company.id)
    assert.deepEqual(fines.totals, { fines: 1, amount: 123, paidAmount: 0, unpaidAmount: 123 })
    const vehicles = await run('fleet-vehicles', other.company.id)
    assert.deepEqual(pick(vehicles.page.rows, 'vehicle', 'total'), [
      { vehicle: 'Foreign', total: 123 },
    ])
    const checks = await run('fleet-vehicle-check', other.company.id)
    assert.equal(checks.page.meta.total, 0)
  })
})

test.group('Fleet reports: pages and exports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a report page renders in both languages and exports CSV', async ({ client, assert }) => {
    const { user } = await fleetDataset()
    const en = await client
      .get('/backend/reports/fleet-fines')
      .qs(MARCH)
      .withInertia()
      .loginAs(user)
    en.assertStatus(200)
    en.assertInertiaComponent('reports/show')
    const props = en.inertiaProps as Record<string, any>
    assert.equal(props.result.page.meta.total, 2)
    assert.equal(props.result.totals.amount, 1800)

    const tr = await client
      .get('/tr/panel/raporlar/filo-cezalari')
      .qs(MARCH)
      .withInertia()
      .loginAs(user)
    tr.assertStatus(200)

    const csv = await client
      .get('/backend/reports/fleet-vehicles/export')
      .qs({ ...MARCH, format: 'csv' })
      .loginAs(user)
    csv.assertStatus(200)
    const lines = csv
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    assert.lengthOf(lines, 3)
    assert.include(lines[0], 'Cost per km (TL)')
    assert.include(lines[2], 'Van')
    assert.include(lines[2], '54.5')
  }).timeout(60_000)

  test('another company’s vehicle or driver answers 404, bad input 422 in both languages', async ({
    client,
    assert,
  }) => {
    const { user, foreign, foreignDriver } = await fleetDataset()
    const vehicle = await client
      .get('/backend/reports/fleet-vehicles')
      .qs({ ...MARCH, deviceId: foreign.id })
      .loginAs(user)
    vehicle.assertStatus(404)
    const driver = await client
      .get('/backend/reports/fleet-drivers/export')
      .qs({ ...MARCH, driverId: foreignDriver, format: 'csv' })
      .loginAs(user)
    driver.assertStatus(404)

    const en = await client
      .get('/backend/reports/fleet-fines')
      .qs({ ...MARCH, status: 'forgiven' })
      .withInertia()
      .loginAs(user)
    en.assertStatus(422)
    const issues = (en.inertiaProps as Record<string, any>).issues
    assert.equal(issues[0].field, 'status')
    assert.include(issues[0].message, 'Status')
    const tr = await client
      .get('/tr/panel/raporlar/filo-cezalari')
      .qs({ ...MARCH, status: 'forgiven' })
      .withInertia()
      .loginAs(user)
    tr.assertStatus(422)
    assert.include((tr.inertiaProps as Record<string, any>).issues[0].message, 'Durum')
  }).timeout(60_000)
})
