import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { reportSlugs } from '#reports/registry'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl, signIn } from '#tests/helpers/http_session'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

/** A manager in Istanbul with two trips yesterday (Van 12.35 km, Truck 5 km), and another company's vehicle. */
async function seeded(role: 'owner' | 'manager' | 'user' = 'owner') {
  const { user, company } = await createMember({ role })
  user.timezone = ZONE
  await user.save()
  await user.refresh()
  const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
  const truck = await createVehicle(company, { name: 'Truck' })
  const other = await createMember()
  const foreign = await createVehicle(other.company, { name: 'Foreign' })
  const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
  await addTrip(van, company, {
    start: yesterday.plus({ hours: 8 }),
    distance: 12_345,
    duration: 1200,
    maxSpeed: 90,
  })
  await addTrip(truck, company, {
    start: yesterday.plus({ hours: 18 }),
    distance: 5000,
    duration: 600,
    maxSpeed: 70,
  })
  await addTrip(foreign, other.company, {
    start: yesterday.plus({ hours: 9 }),
    distance: 9000,
    duration: 900,
  })
  const [driver] = await db
    .table('drivers')
    .insert({
      company_id: other.company.id,
      name: 'Their driver',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return {
    user,
    company,
    van,
    truck,
    foreign,
    other,
    yesterday,
    foreignDriverId: driver.id ?? driver,
  }
}

test.group('Report pages', () => {
  test('the index lists the 35 reports (fuel-events too) in six groups, linking only registered ones', async ({
    client,
    assert,
  }) => {
    const { user } = await seeded()
    const response = await client.get('/backend/reports').withInertia().loginAs(user)
    response.assertStatus(200)
    response.assertInertiaComponent('reports/index')
    const props = response.inertiaProps as Record<string, any>
    assert.deepEqual(
      props.groups.map((group: { key: string }) => group.key),
      ['trips_activity', 'speed', 'alarms_behaviour', 'fuel', 'sensors', 'fleet']
    )
    const reports = props.groups.flatMap((group: { reports: unknown[] }) => group.reports)
    assert.lengthOf(reports, 36)
    assert.deepInclude(reports, {
      slug: 'fuel-events',
      route: 'reports.fuel-events',
      available: true,
    })
    // A fleet page's report links to its own route.
    assert.deepInclude(reports, { slug: 'hr-reports', route: 'fleet.hr-reports', available: true })
    assert.deepInclude(reports, {
      slug: 'inventory-reports',
      route: 'assets.inventory-reports',
      available: true,
    })
    assert.sameMembers(
      reports.map((report: { slug: string }) => report.slug),
      [...reportSlugs]
    )
    assert.deepInclude(reports, {
      slug: 'trip-summary',
      route: 'reports.trip-summary',
      available: true,
    })

    // Both languages carry every title and description.
    const tr = await client.get('/tr/panel/raporlar').withInertia().loginAs(user)
    tr.assertStatus(200)
    const messages = (tr.inertiaProps as Record<string, any>).messages as Record<string, string>
    for (const slug of reportSlugs) {
      assert.isString(messages[`report_pages.catalogue.${slug}.title`], slug)
      assert.isString(messages[`report_pages.catalogue.${slug}.description`], slug)
    }
    assert.equal(messages['report_pages.catalogue.trip-summary.title'], 'Sefer özeti')
    assert.equal(messages['report_pages.groups.fuel'], 'Yakıt')
  })

  test('a report page runs with the period, sorts by a column and offers only the company’s vehicles', async ({
    client,
    assert,
  }) => {
    const { user, van, truck } = await seeded()
    const response = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    response.assertStatus(200)
    response.assertInertiaComponent('reports/show')
    const props = response.inertiaProps as Record<string, any>
    assert.equal(props.report.slug, 'trip-summary')
    assert.include(props.report.scope, 'deviceId')
    assert.equal(props.result.page.meta.total, 2)
    assert.deepEqual(
      props.result.page.data.map((row: { vehicle: string }) => row.vehicle),
      ['Van', 'Truck']
    )
    assert.equal(props.result.totals.distance, 17.35)
    assert.equal(props.result.totals.trips, 2)
    assert.deepEqual(props.result.chart.series[0].data, [17.35])
    assert.sameMembers(
      props.options.vehicles.map((vehicle: { id: number }) => vehicle.id),
      [van.id, truck.id]
    )
    // The picker's labels: plate and name, or the name alone; nothing else is sent.
    assert.deepEqual(props.options.vehicles, [
      { id: truck.id, name: 'Truck' },
      { id: van.id, name: '34 VAN 1 · Van' },
    ])
    assert.deepEqual(props.input, { period: 'yesterday' })

    const sorted = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday', sort: 'distance', order: 'asc' })
      .withInertia()
      .loginAs(user)
    assert.deepEqual(
      (sorted.inertiaProps as Record<string, any>).result.page.data.map(
        (row: { distance: number }) => row.distance
      ),
      [5, 12.35]
    )

    const oneVehicle = await client
      .get('/tr/panel/raporlar/sefer-ozeti')
      .qs({ period: 'yesterday', deviceId: truck.id })
      .withInertia()
      .loginAs(user)
    oneVehicle.assertStatus(200)
    const oneProps = oneVehicle.inertiaProps as Record<string, any>
    assert.equal(oneProps.result.page.meta.total, 1)
    assert.equal(oneProps.result.page.data[0].vehicle, 'Truck')
  })

  test('another company’s vehicle or driver as a parameter answers 404', async ({ client }) => {
    const { user, foreign, foreignDriverId } = await seeded()
    const vehicle = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday', deviceId: foreign.id })
      .loginAs(user)
    vehicle.assertStatus(404)
    const driver = await client
      .get('/backend/reports/trip-summary/export')
      .qs({ period: 'yesterday', driverId: foreignDriverId, format: 'csv' })
      .loginAs(user)
    driver.assertStatus(404)
  })

  test('bad parameters answer 422 with a localized message, in both languages', async ({
    client,
    assert,
  }) => {
    const { user } = await seeded()
    const en = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'forever' })
      .withInertia()
      .loginAs(user)
    en.assertStatus(422)
    const enProps = en.inertiaProps as Record<string, any>
    assert.isNull(enProps.result)
    assert.equal(enProps.issues[0].field, 'period')
    assert.include(enProps.issues[0].message, 'Period')

    const tr = await client
      .get('/tr/panel/raporlar/sefer-ozeti')
      .qs({ period: 'custom', from: '2026-03-05', to: '2026-03-01' })
      .withInertia()
      .loginAs(user)
    tr.assertStatus(422)
    assert.equal(
      (tr.inertiaProps as Record<string, any>).issues[0].message,
      'Bitiş, başlangıçtan sonra olmalı.'
    )

    const missing = await client
      .get('/tr/panel/raporlar/sefer-ozeti/export')
      .qs({ period: 'custom', from: '2026-03-05', format: 'csv' })
      .loginAs(user)
    missing.assertStatus(422)
    assert.include(missing.body().errors[0].message, 'Bitiş')

    const format = await client
      .get('/backend/reports/trip-summary/export')
      .qs({ period: 'today', format: 'docx' })
      .loginAs(user)
    format.assertStatus(422)
    assert.equal(format.body().errors[0].message, 'Choose CSV, XLSX or PDF.')
  })

  test('exports CSV, XLSX and PDF of the whole report in the user’s format and language', async ({
    client,
    assert,
  }) => {
    const { user, yesterday } = await seeded()
    const csv = await client
      .get('/backend/reports/trip-summary/export')
      .qs({ period: 'yesterday', format: 'csv', perPage: 1 })
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.header('content-type'), 'text/csv')
    assert.include(csv.header('content-disposition'), `trip-summary-${yesterday.toISODate()}.csv`)
    const lines = csv
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    assert.lengthOf(lines, 3)
    assert.include(lines[0], 'Vehicle')
    assert.include(lines[0], 'Distance (km)')
    const local = yesterday.plus({ hours: 8 }).toFormat('dd.MM.yyyy HH:mm')
    assert.include(lines[1], 'Van')
    assert.include(lines[1], local)
    assert.include(lines[1], '12.35')
    // A duration spreadsheets read as a time value.
    assert.include(lines[1], '0:20:00')

    const cookie = await signIn(user.email, 'secret-password')
    const xlsx = await fetch(
      `${baseUrl()}/tr/panel/raporlar/sefer-ozeti/export?period=yesterday&format=xlsx&fields=vehicle,distance`,
      { headers: { cookie } }
    )
    assert.equal(xlsx.status, 200)
    assert.equal(
      xlsx.headers.get('content-type'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    const rows = workbook.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row: any) => row.slice(1))
    assert.deepEqual(rows, [
      ['Araç', 'Mesafe (km)'],
      ['Van', 12.35],
      ['Truck', 5],
    ])

    const pdf = await fetch(
      `${baseUrl()}/backend/reports/trip-summary/export?period=yesterday&format=pdf`,
      { headers: { cookie } }
    )
    assert.equal(pdf.status, 200)
    assert.equal(pdf.headers.get('content-type'), 'application/pdf')
    const body = Buffer.from(await pdf.arrayBuffer())
    assert.equal(body.subarray(0, 5).toString(), '%PDF-')
  }).timeout(60_000)

  test('filters: one vehicle list, several alarm codes, defaults shown in their fields, in both languages', async ({
    client,
    assert,
  }) => {
    const { user } = await seeded()
    for (const prefix of ['/backend/reports', '/tr/panel/raporlar']) {
      const alarms = prefix === '/backend/reports' ? 'all-alarms' : 'tum-alarmlar'
      const page = await client.get(`${prefix}/${alarms}`).loginAs(user)
      page.assertStatus(200)
      const html = page.text()
      // "Vehicles" alone, not a "Vehicle" select beside it.
      assert.include(html, 'data-testid="report-deviceIds"')
      assert.notInclude(html, 'data-testid="report-deviceId"')
      // Several codes at once.
      assert.match(html, /<select[^>]*multiple[^>]*data-testid="report-code"/)
    }
    const twoCodes = await client
      .get('/backend/reports/all-alarms')
      .qs({ period: 'yesterday', code: 'A101,A112' })
      .withInertia()
      .loginAs(user)
    twoCodes.assertStatus(200)
    assert.deepEqual((twoCodes.inertiaProps as Record<string, any>).input.code, ['A101', 'A112'])

    for (const path of [
      '/backend/reports/fuel-consumptions',
      '/tr/panel/raporlar/yakit-tuketimleri',
    ]) {
      const response = await client.get(path).loginAs(user)
      response.assertStatus(200)
      const html = response.text()
      assert.match(html, /<input[^>]*name="tolerance"[^>]*value="20"/, path)
      assert.match(html, /<input[^>]*name="minChange"[^>]*value="5"/, path)
    }
  })

  test('every report route of the catalogue has its definition; anonymous visitors sign in', async ({
    client,
  }) => {
    const { user } = await seeded()
    // The last ones to get theirs: the fleet reports.
    const fleet = await client.get('/backend/reports/fleet-fines').withInertia().loginAs(user)
    fleet.assertStatus(200)
    fleet.assertInertiaComponent('reports/show')
    const anonymous = await client.get('/backend/reports/trip-summary').redirects(0)
    anonymous.assertStatus(302)
  })
})
