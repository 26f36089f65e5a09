import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { reportsBySlug } from '#reports/registry'
import { reportRoute } from '#reports/engine/definition'
import { routeTable, type RouteName } from '#shared/route_table'
import { maxPeriodDays } from '#services/request_limits'
import ScheduledReport from '#models/scheduled_report'
import { createMember, inputErrors } from '#tests/helpers/accounts'

/** Every report the registry serves, with its English and Turkish paths from the route table. */
const reportPaths = Object.values(reportsBySlug)
  // A report without a period (inventory) reads none, so none is refused.
  .filter((report) => !report.withoutPeriod)
  .map((report) => ({
    slug: report.slug,
    ability: report.ability,
    ...routeTable[reportRoute(report)],
  }))

/**
 * The lowest role that opens each report: a plain user, or an owner for a report that asks an
 * ability (HR) a plain user is refused before any period is read.
 */
async function askers() {
  const { user: lowest } = await createMember({ role: 'user' })
  const { user: owner } = await createMember({ role: 'owner' })
  return (report: { ability?: unknown }) => (report.ability ? owner : lowest)
}

/** The data and export paths of the reports (a report on a page of its own included). */
const reportEndpoints = new Set(
  reportPaths.flatMap(({ en, tr }) =>
    [en, tr].flatMap((path) => [`${path}/data`, `${path}/export`])
  )
)

/** The widest period anyone may type: years 1 to 9999. */
const widest = { period: 'custom', from: '0001-01-01', to: '9999-12-31' }

/** The table data and export endpoints of the route table (GET, no parameter in the path). */
function tableEndpoints() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.methods.includes('GET') && !route.pattern.includes(':'))
    .filter((route) => /\/(data|export)$/.test(route.pattern))
    .filter(
      (route) => !route.pattern.includes('/reports/') && !route.pattern.includes('/raporlar/')
    )
    .filter((route) => !reportEndpoints.has(route.pattern))
    .map((route) => route.pattern)
}

const messages = {
  report: {
    en: `Choose a period of at most ${maxPeriodDays.report} days.`,
    tr: `En fazla ${maxPeriodDays.report} günlük bir dönem seçin.`,
  },
  table: {
    en: `Choose a date range of at most ${maxPeriodDays.table} days.`,
    tr: `En fazla ${maxPeriodDays.table} günlük bir tarih aralığı seçin.`,
  },
}

test.group('Request limits: report periods', () => {
  test('every report page refuses a period over the limit with 422, in both languages', async ({
    client,
    assert,
  }) => {
    assert.isAbove(reportPaths.length, 20)
    const askerOf = await askers()
    for (const report of reportPaths) {
      const user = askerOf(report)
      for (const locale of ['en', 'tr'] as const) {
        const response = await client.get(report[locale]).qs(widest).withInertia().loginAs(user)
        assert.equal(response.status(), 422, `${report.slug} ${locale}`)
        const props = response.inertiaProps as Record<string, any>
        assert.isNull(props.result, report.slug)
        assert.deepInclude(props.issues, { field: 'to', message: messages.report[locale] })
      }
    }
  }).timeout(120_000)

  test('every report export refuses it with 422 before writing anything', async ({
    client,
    assert,
  }) => {
    const askerOf = await askers()
    for (const report of reportPaths) {
      const user = askerOf(report)
      for (const format of ['csv', 'xlsx', 'pdf']) {
        const response = await client
          .get(`${report.tr}/export`)
          .qs({ ...widest, format })
          .loginAs(user)
        assert.equal(response.status(), 422, `${report.slug} ${format}`)
        assert.deepEqual(response.body().errors, [{ field: 'to', message: messages.report.tr }])
      }
    }
  }).timeout(120_000)

  test('a period of exactly the limit runs; one day more is refused', async ({ client }) => {
    const { user } = await createMember({ role: 'user' })
    const path = routeTable['reports.fuel-consumptions-daily' as RouteName].en
    // 2024 is a leap year: 366 days.
    const year = await client
      .get(path)
      .qs({ period: 'custom', from: '2024-01-01', to: '2024-12-31' })
      .withInertia()
      .loginAs(user)
    year.assertStatus(200)
    const longer = await client
      .get(path)
      .qs({ period: 'custom', from: '2024-01-01', to: '2025-01-01' })
      .withInertia()
      .loginAs(user)
    longer.assertStatus(422)
  })

  test('an unknown period answers 422 on every report page, rendered on the server', async ({
    client,
    assert,
  }) => {
    const askerOf = await askers()
    for (const report of reportPaths) {
      const user = askerOf(report)
      const response = await client.get(report.en).qs({ period: 'nope' }).loginAs(user)
      assert.equal(response.status(), 422, report.slug)
      assert.include(response.text(), 'data-server-rendered', report.slug)
      const exported = await client
        .get(`${report.en}/export`)
        .qs({ period: 'nope', format: 'csv' })
        .loginAs(user)
      assert.equal(exported.status(), 422, `${report.slug} export`)
    }
  }).timeout(120_000)

  test('a schedule with a period over the limit is refused', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const response = await client
      .post('/backend/reports/schedules')
      .json({
        slug: 'fuel-consumptions-daily',
        name: 'Too long',
        frequency: 'daily',
        hour: 7,
        recipients: 'boss@example.com',
        parameters: widest,
      })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    assert.deepEqual(inputErrors(response).to, [messages.report.en])
    const saved = await ScheduledReport.query().where('company_id', company.id)
    assert.lengthOf(saved, 0)
  })
})

test.group('Request limits: tables and history', () => {
  test('every dated table and its export refuse a range over the limit, in both languages', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    const endpoints = tableEndpoints()
    assert.isAbove(endpoints.length, 40)
    let dated = 0
    for (const path of endpoints) {
      const short = await client
        .get(path)
        .qs({ from: '2024-01-01', to: '2024-01-31', format: 'csv' })
        .header('accept', 'application/json')
        .loginAs(user)
        .redirects(0)
      // Endpoints without a date range refuse from/to (422) or other parameters.
      if (short.status() !== 200) continue
      // Lists that read no range at all (buildings) ignore from/to, even an invalid one.
      const invalid = await client
        .get(path)
        .qs({ from: 'not-a-date', format: 'csv' })
        .header('accept', 'application/json')
        .loginAs(user)
        .redirects(0)
      if (invalid.status() !== 422) continue
      dated++
      const locale = path.startsWith('/tr') ? 'tr' : 'en'
      const long = await client
        .get(path)
        .qs({ from: '0001-01-01', to: '9999-12-31', format: 'csv' })
        .header('accept', 'application/json')
        .loginAs(user)
        .redirects(0)
      assert.equal(long.status(), 422, path)
      assert.deepInclude(long.body().errors, { field: 'to', message: messages.table[locale] }, path)
    }
    // Each of the dated resources, in two languages, data and export.
    assert.isAtLeast(dated, 4 * 8)
  }).timeout(180_000)

  test('the history page refuses more than the history limit (its downloads: history.spec.ts)', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'user' })
    const page = await client
      .get('/backend/history')
      .qs({ from: '0001-01-01', to: '9999-12-31' })
      .withInertia()
      .loginAs(user)
    page.assertStatus(422)
    assert.equal((page.inertiaProps as Record<string, any>).selection.error, 'too_long')
  })
})
