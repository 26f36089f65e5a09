import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { setMenuPermission } from '#services/menu_permissions'
import { reportsBySlug } from '#reports/registry'
import { runReport } from '#reports/engine/runner'
import { buildReportDocument } from '#reports/engine/exporters/document'
import { reportHtml } from '#reports/engine/exporters/pdf'
import i18nManager from '@adonisjs/i18n/services/main'
import { driverSummaryResource, vehicleSummaryResource } from '#crud/resources/fleet_summaries'
import { listPage } from '#crud/list_query'
import { readListParams } from '#crud/list_checks'
import { fleetDataset, MARCH, NOW, ZONE } from '#tests/functional/fleet_reports/fixtures'

const PAGE = '/backend/fleet/fleet-summary'
const TR_PAGE = '/tr/panel/filo/filo-ozeti'
const DAYS = { from: MARCH.from, to: MARCH.to }

/** The whole fleet's figures for March 2026 on the fixed dataset (README: "Fleet summary"). */
const MARCH_TOTALS = {
  vehicles: 2,
  distance: 150,
  driving: 5400,
  amount: 6950,
  costPerKm: 46.33,
  fines: 3,
  finesAmount: 1800,
  unpaidFines: 1000,
  accidents: 1,
  accidentCost: 2500,
  openRequests: 1,
  pendingLeave: 1,
  maintenanceDue: 1,
  maintenanceOverdue: 1,
  checkedVehicles: 2,
  passingVehicles: 2,
  passRate: 100,
}

const MARCH_COSTS = [
  { kind: 'expenses', amount: 750 },
  { kind: 'services', amount: 2900 },
  { kind: 'maintenance', amount: 300 },
  { kind: 'fines', amount: 1800 },
  { kind: 'insurance', amount: 1200 },
]

/** A fleet request waiting for the van, and one done (not open). */
async function fleetRequests(companyId: number, deviceId: number) {
  await db.table('fleet_requests').insert([
    {
      company_id: companyId,
      device_id: deviceId,
      description: 'New tyres',
      status: 'pending',
      request_date: '2026-03-18',
      created_at: new Date(),
    },
    {
      company_id: companyId,
      description: 'Done already',
      status: 'done',
      request_date: '2026-03-01',
      created_at: new Date(),
    },
  ])
}

/** A manager of the company limited to one vehicle group. */
async function limitedManager(company: Parameters<typeof addMember>[0], groupId: number) {
  const manager = await User.create({
    email: `summary-group-${Date.now()}-${Math.random()}@example.com`,
    password: 'secret-password',
    emailVerifiedAt: DateTime.now(),
    timezone: ZONE,
  })
  const membership = await addMember(company, manager, 'manager')
  await db
    .from('team_members')
    .where('id', membership.id)
    .update({ device_group_ids: JSON.stringify([groupId]) })
  return manager
}

test.group('Fleet summary', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the figures of the whole fleet for a period: totals and costs by kind', async ({
    assert,
  }) => {
    const { company, van } = await fleetDataset()
    await fleetRequests(company.id, van.id)
    const run = await reportsBySlug['fleet-summary'].run(MARCH, {
      companyId: company.id,
      timezone: ZONE,
      now: NOW,
    })
    assert.deepEqual(run.totals, MARCH_TOTALS)
    assert.deepEqual(run.page.rows, MARCH_COSTS)
    assert.equal(run.page.meta.total, 5)
    // The costs by kind add up to the total cost.
    const sum = run.page.rows.reduce((total, row) => total + Number(row.amount), 0)
    assert.equal(sum, run.totals.amount)
    // Every row streams for the exports.
    const streamed = []
    for await (const row of run.stream(2)) streamed.push(row)
    assert.deepEqual(streamed, MARCH_COSTS)
  })

  test('no distance and no checks: no cost per km and no pass rate', async ({ assert }) => {
    const { other } = await fleetDataset()
    const run = await reportsBySlug['fleet-summary'].run(MARCH, {
      companyId: other.company.id,
      timezone: ZONE,
      now: NOW,
    })
    assert.include(run.totals, { vehicles: 1, distance: 0, costPerKm: null, passRate: null })
  })

  test('on the shared report page in both languages, with its figures', async ({
    client,
    assert,
  }) => {
    const { user, company, van } = await fleetDataset()
    await fleetRequests(company.id, van.id)
    // `from` and `to` without a period (the old page's links) are a custom period.
    const en = await client.get(PAGE).qs(DAYS).withInertia().loginAs(user)
    en.assertStatus(200)
    en.assertInertiaComponent('reports/show')
    const props = en.inertiaProps as Record<string, any>
    assert.equal(props.report.slug, 'fleet-summary')
    assert.include(props.input, { period: 'custom', from: '2026-03-01', to: '2026-03-31' })
    assert.deepEqual(
      props.result.page.data.map(({ kind, amount }: Record<string, unknown>) => ({ kind, amount })),
      MARCH_COSTS
    )
    // Figures of the period (what is due today depends on the day the test runs).
    const periodTotals: Partial<typeof MARCH_TOTALS> = { ...MARCH_TOTALS }
    delete periodTotals.maintenanceDue
    delete periodTotals.maintenanceOverdue
    assert.include(props.result.totals, periodTotals)
    assert.deepEqual(props.report.links, ['fleet.maintenance-integration'])
    assert.deepInclude(props.report.totalFields, {
      name: 'costPerKm',
      kind: 'number',
      unit: null,
      currency: 'TRY',
    })

    // Every amount with its currency, written the page language's way.
    const html = await client.get(PAGE).qs(DAYS).loginAs(user)
    html.assertStatus(200)
    for (const text of ['Fleet summary', 'Cost per km', '₺46.33', '₺6,950.00', '150 km']) {
      assert.include(html.text(), text)
    }
    assert.include(html.text(), 'Maintenance integration')

    const tr = await client.get(TR_PAGE).qs(DAYS).loginAs(user)
    tr.assertStatus(200)
    for (const text of ['Filo özeti', 'Km başına maliyet', '₺46,33', '₺6.950,00', 'Sigorta']) {
      assert.include(tr.text(), text)
    }
    const trProps = (await client.get(TR_PAGE).qs(DAYS).withInertia().loginAs(user))
      .inertiaProps as Record<string, any>
    assert.deepEqual(trProps.result.totals, props.result.totals)
  }).timeout(120_000)

  test('the last 30 days unless a period is given', async ({ client, assert }) => {
    const { user } = await fleetDataset()
    const page = await client.get(PAGE).withInertia().loginAs(user)
    const today = DateTime.now().setZone(ZONE)
    assert.include((page.inertiaProps as Record<string, any>).input, {
      period: 'custom',
      from: today.minus({ days: 29 }).toISODate(),
      to: today.toISODate(),
    })
  })

  test('exports its costs by kind as CSV and XLSX, with its totals in the PDF', async ({
    client,
    assert,
  }) => {
    const { user, company } = await fleetDataset()
    const csv = await client
      .get(`${PAGE}/export`)
      .qs({ ...DAYS, format: 'csv' })
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.header('content-disposition'), 'fleet-summary-2026-03-01.csv')
    assert.include(csv.text(), 'Cost kind')
    assert.include(csv.text(), 'Insurance')
    assert.include(csv.text(), '1200')

    const tr = await client
      .get(`/tr/panel/filo/filo-ozeti/export`)
      .qs({ ...DAYS, format: 'csv' })
      .loginAs(user)
    tr.assertStatus(200)
    assert.include(tr.text(), 'Maliyet türü')
    assert.include(tr.text(), 'Sigorta')

    const xlsx = await client
      .get(`${PAGE}/export`)
      .qs({ ...DAYS, format: 'xlsx' })
      .loginAs(user)
    xlsx.assertStatus(200)
    assert.include(xlsx.header('content-type'), 'spreadsheetml')

    // The PDF's first page: the totals, amounts in the language's money format, then the rows.
    const definition = reportsBySlug['fleet-summary']
    for (const [locale, texts] of [
      ['tr', ['Toplamlar', 'Km başına maliyet', '₺46,33', '150 km', '1 sa 30 dk', 'Sigorta']],
      ['en', ['Totals', 'Cost per km', '₺46.33', 'Traffic fines unpaid', '₺1,000.00', 'Insurance']],
    ] as const) {
      const run = await runReport(definition, DAYS, {
        companyId: company.id,
        timezone: ZONE,
        now: NOW,
      })
      const document = await buildReportDocument({
        slug: 'fleet-summary',
        definition,
        run,
        i18n: i18nManager.locale(locale),
        preferences: { timezone: ZONE, dateFormat: 'dd.MM.yyyy' },
        company,
      })
      const html = await reportHtml(document)
      for (const text of texts) assert.include(html, text, `${locale} ${text}`)
    }
    const pdf = await client
      .get(`${PAGE}/export`)
      .qs({ ...DAYS, format: 'pdf' })
      .loginAs(user)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
  }).timeout(120_000)

  test('a member limited to a vehicle group sees only their group’s figures', async ({
    client,
    assert,
  }) => {
    const { company, van, truck, ali } = await fleetDataset()
    await fleetRequests(company.id, van.id)
    // A request of no vehicle: the whole fleet's, not the group's.
    await db.table('fleet_requests').insert({
      company_id: company.id,
      description: 'Office',
      status: 'approved',
      request_date: '2026-03-18',
      created_at: new Date(),
    })
    const [north] = await db
      .table('device_groups')
      .insert({ company_id: company.id, name: 'North', created_at: new Date() })
      .returning('id')
    await db.from('devices').where('id', van.id).update({ group_id: north.id, driver_id: ali })
    await db.from('devices').where('id', truck.id).update({ driver_id: null })
    const manager = await limitedManager(company, north.id)

    const page = await client.get(PAGE).qs(DAYS).withInertia().loginAs(manager)
    page.assertStatus(200)
    const props = page.inertiaProps as Record<string, any>
    // The van only: its trip, its costs, its fines and accident, its check; Veli's leave
    // (the truck's driver) and the request of no vehicle are not theirs.
    assert.include(props.result.totals, {
      vehicles: 1,
      distance: 100,
      amount: 5450,
      fines: 2,
      finesAmount: 1500,
      unpaidFines: 1000,
      accidents: 1,
      checkedVehicles: 1,
      openRequests: 1,
      pendingLeave: 0,
    })
    assert.deepEqual(
      props.result.page.data.map(({ kind, amount }: Record<string, unknown>) => ({ kind, amount })),
      [
        { kind: 'expenses', amount: 750 },
        { kind: 'services', amount: 2900 },
        { kind: 'maintenance', amount: 300 },
        { kind: 'fines', amount: 1500 },
        { kind: 'insurance', amount: 0 },
      ]
    )
    // The owner sees the whole fleet: both open requests, the pending leave.
    const run = await reportsBySlug['fleet-summary'].run(MARCH, {
      companyId: company.id,
      timezone: ZONE,
      now: NOW,
    })
    assert.include(run.totals, { vehicles: 2, openRequests: 2, pendingLeave: 1 })
  }).timeout(120_000)

  test('refused with the fleet menu hidden; another company sees its own figures', async ({
    client,
    assert,
  }) => {
    const { user: owner, company, other } = await fleetDataset()
    await setMenuPermission(company.id, { role: 'user' }, { hidden: ['fleet'] })
    const member = await User.create({
      email: `summary-user-${Date.now()}-${Math.random()}@example.com`,
      password: 'secret-password',
      emailVerifiedAt: DateTime.now(),
    })
    await addMember(company, member, 'user')
    const page = await client.get(PAGE).loginAs(member).redirects(0)
    page.assertHeader('location', '/backend/unauthorized')
    const trPage = await client.get(TR_PAGE).loginAs(member).redirects(0)
    trPage.assertHeader('location', '/tr/panel/yetkisiz')
    const csv = await client
      .get(`${PAGE}/export`)
      .qs({ format: 'csv' })
      .header('accept', 'application/json')
      .loginAs(member)
    csv.assertStatus(403)
    // The owner's menu is not hidden.
    ;(await client.get(PAGE).loginAs(owner)).assertStatus(200)

    const foreign = await client.get(PAGE).qs(DAYS).withInertia().loginAs(other.user)
    foreign.assertStatus(200)
    assert.include((foreign.inertiaProps as Record<string, any>).result.totals, {
      vehicles: 1,
      fines: 1,
      finesAmount: 123,
    })
  }).timeout(120_000)

  test('vehicle and driver summaries: amounts as numbers with their currency; scoped', async ({
    assert,
  }) => {
    const { user, company } = await fleetDataset()
    for (const resource of [vehicleSummaryResource, driverSummaryResource]) {
      const params = await readListParams(resource, {}, ZONE)
      const page = await listPage(resource, params, { companyId: company.id, userId: user.id })
      const rows = page.data as Record<string, unknown>[]
      assert.isAbove(rows.length, 0, resource.key)
      for (const row of rows) {
        assert.equal(row.currency, 'TRY', resource.key)
        assert.isNumber(row.total_cost, resource.key)
        assert.notInclude(['Foreign', 'Their driver'], String(row.name))
      }
      assert.deepEqual(resource.columns.total_cost.money, { currency: 'currency' })
    }
  }).timeout(120_000)
})
