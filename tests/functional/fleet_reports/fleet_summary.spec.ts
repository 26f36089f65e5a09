import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { fleetSummary } from '#queries/fleet/fleet_summary'
import { driverSummaryResource, vehicleSummaryResource } from '#crud/resources/fleet_summaries'
import { listPage } from '#crud/list_query'
import { readListParams } from '#crud/list_checks'
import { fleetDataset, NOW, ZONE } from '#tests/functional/fleet_reports/fixtures'

const MARCH = { from: '2026-03-01', to: '2026-03-31' }

test.group('Fleet summary', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the figures of the whole fleet for a period', async ({ assert }) => {
    const { company, van } = await fleetDataset()
    await db.table('fleet_requests').insert([
      {
        company_id: company.id,
        device_id: van.id,
        description: 'New tyres',
        status: 'pending',
        request_date: '2026-03-18',
        created_at: new Date(),
      },
      {
        company_id: company.id,
        description: 'Done already',
        status: 'done',
        request_date: '2026-03-01',
        created_at: new Date(),
      },
    ])
    const summary = await fleetSummary(company.id, MARCH, ZONE, NOW)
    assert.deepEqual(summary, {
      period: MARCH,
      vehicles: 2,
      distanceKm: 150,
      drivingSeconds: 5400,
      costs: {
        expenses: 750,
        services: 2900,
        maintenance: 300,
        fines: 1800,
        insurance: 1200,
        total: 6950,
      },
      costPerKm: 46.33,
      fines: { count: 3, amount: 1800, unpaidAmount: 1000 },
      accidents: { count: 1, cost: 2500 },
      openRequests: { requests: 1, leave: 1 },
      maintenance: { due: 1, overdue: 1 },
      checks: { vehicles: 2, passing: 2, passRate: 100 },
    })
  })

  test('renders in both languages with its figures', async ({ client, assert }) => {
    const { user } = await fleetDataset()
    const en = await client
      .get('/backend/fleet/fleet-summary')
      .qs(MARCH)
      .withInertia()
      .loginAs(user)
    en.assertStatus(200)
    en.assertInertiaComponent('fleet/fleet_summary')
    const summary = (en.inertiaProps as Record<string, any>).summary
    assert.deepEqual(summary.period, MARCH)
    assert.equal(summary.distanceKm, 150)
    assert.equal(summary.costs.total, 6950)
    assert.equal(summary.fines.count, 3)
    assert.include(en.text(), 'Cost per km')

    // Every amount carries the currency, written the page language's way.
    assert.equal(summary.currency, 'TRY')
    const html = await client.get('/backend/fleet/fleet-summary').qs(MARCH).loginAs(user)
    assert.include(html.text(), '₺6,950.00')
    assert.include(html.text(), '₺46.33')
    assert.notInclude(html.text(), ' TL<')

    const tr = await client.get('/tr/panel/filo/filo-ozeti').qs(MARCH).loginAs(user)
    tr.assertStatus(200)
    assert.include(tr.text(), 'Km başına maliyet')
    assert.include(tr.text(), 'Filo özeti')
    assert.include(tr.text(), '₺6.950,00')
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
