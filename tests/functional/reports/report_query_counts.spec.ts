import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { runReport } from '#reports/engine/runner'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

/**
 * Issue 26: a first page asks its report for the page, the row count, the totals and the
 * chart; the reports whose figures are an aggregate compute it once per run (docs/reports.md,
 * "One query for what a run asks several times"). Counted on the queries a run sends.
 */
async function runOf(
  slug: string,
  companyId: number,
  paging: { page: number; perPage: number; sort?: { column: string; order: 'asc' | 'desc' } } = {
    page: 1,
    perPage: 25,
  }
) {
  const trx = await db.transaction()
  const sent: string[] = []
  trx.knexClient.on('query', (query: { sql: string }) => sent.push(query.sql))
  try {
    const run = await runReport(
      reportsBySlug[slug],
      { period: 'custom', from: '2026-11-01', to: '2026-11-30' },
      {
        companyId,
        timezone: 'Europe/Istanbul',
        now: DateTime.fromISO('2026-11-30T12:00:00Z'),
        client: trx,
      },
      paging
    )
    return { sent, rows: run.page.rows }
  } finally {
    await trx.rollback()
  }
}

async function queriesOf(slug: string, companyId: number) {
  return (await runOf(slug, companyId)).sent
}

const containing = (sent: string[], text: string) => sent.filter((sql) => sql.includes(text))

test.group('Reports: one aggregate per run', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('driver-behavior looks up the trips’ events once for page, count, totals and chart', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const sent = await queriesOf('driver-behavior', company.id)
    assert.lengthOf(containing(sent, 'CROSS JOIN LATERAL'), 1)
  })

  test('fleet-drivers reads the drivers’ trips and records once', async ({ assert }) => {
    const { company } = await createMember()
    const sent = await queriesOf('fleet-drivers', company.id)
    assert.lengthOf(containing(sent, 'FROM traffic_fines'), 1)
  })

  test('work-order-costs and open-issues: the page, then one summary for count, totals and chart', async ({
    assert,
  }) => {
    const { company } = await createMember()
    await createVehicle(company, { name: 'Van' })
    const orders = await queriesOf('work-order-costs', company.id)
    assert.lengthOf(containing(orders, 'FROM work_orders w'), 2)
    assert.lengthOf(containing(orders, 'GROUPING SETS'), 1)
    const issues = await queriesOf('open-issues', company.id)
    assert.lengthOf(containing(issues, 'FROM fleet_issues i'), 2)
    assert.lengthOf(containing(issues, 'GROUPING SETS'), 1)
  })

  test('an aggregate report pages the rows it kept: no query for the page, and the pages make the whole', async ({
    assert,
  }) => {
    const { company } = await createMember()
    for (const name of ['Van A', 'Van B', 'Van C', 'Van D', 'Van E']) {
      await createVehicle(company, { name })
    }
    const whole = await runOf('device-summaries', company.id, { page: 1, perPage: 25 })
    assert.lengthOf(whole.rows, 5)
    assert.lengthOf(containing(whole.sent, 'AS r("deviceId"'), 0)
    const pages = []
    for (const page of [1, 2, 3]) {
      pages.push(...(await runOf('device-summaries', company.id, { page, perPage: 2 })).rows)
    }
    assert.deepEqual(pages, whole.rows)
    // Sorted by a column, the page is read from the kept rows by PostgreSQL.
    const sorted = await runOf('device-summaries', company.id, {
      page: 1,
      perPage: 25,
      sort: { column: 'vehicle', order: 'desc' },
    })
    assert.lengthOf(containing(sorted.sent, 'AS r("deviceId"'), 1)
    assert.deepEqual(
      sorted.rows.map((row) => row.vehicle),
      ['Van E', 'Van D', 'Van C', 'Van B', 'Van A']
    )
  })
})
