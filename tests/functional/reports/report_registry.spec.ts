import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import router from '@adonisjs/core/services/router'
import { DateTime } from 'luxon'
import { pathFor } from '#shared/route_table'
import { registeredReports, reportGroups, reportOfRoute, reportsBySlug } from '#reports/registry'
import { reportGroupKeys, reportRoute } from '#reports/engine/definition'
import { runReport } from '#reports/engine/runner'
import { createMember } from '#tests/helpers/accounts'

/** The registered routes by name, with their path. */
function routesByName() {
  return new Map(
    Object.values(router.toJSON())
      .flat()
      .map((route) => [route.name ?? '', route.pattern])
  )
}

test.group('Report registry: everything derived from the definitions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each registered report has its page and export in both languages, found by route name', ({
    assert,
  }) => {
    const routes = routesByName()
    for (const report of registeredReports) {
      const name = reportRoute(report)
      assert.equal(routes.get(name), pathFor(name, 'en'), report.slug)
      assert.equal(routes.get(`tr.${name}`), pathFor(name, 'tr'), report.slug)
      assert.equal(routes.get(`${name}.get.export`), `${pathFor(name, 'en')}/export`, report.slug)
      assert.strictEqual(reportOfRoute(name), report)
      assert.strictEqual(reportOfRoute(`tr.${name}.get.export`), report)
      assert.strictEqual(reportsBySlug[report.slug], report)
    }
    assert.isNull(reportOfRoute('reports'))
    assert.isNull(reportOfRoute('reports.no-such-report'))
    // A report kept at its fleet page's route is found by that route, not by `reports.<slug>`.
    assert.strictEqual(reportOfRoute('tr.fleet.hr-reports.get.export'), reportsBySlug['hr-reports'])
    assert.isNull(reportOfRoute('reports.hr-reports'))
    assert.isNull(reportOfRoute('fleet.stats'))
    assert.isNull(reportOfRoute(undefined))
  })

  test('the index lists every report once, under the group its definition names', ({ assert }) => {
    assert.deepEqual(
      reportGroups.map((entry) => entry.key),
      [...reportGroupKeys]
    )
    const listed = reportGroups.flatMap((entry) =>
      entry.slugs.map((slug) => ({ slug, group: entry.key }))
    )
    assert.sameDeepMembers(
      listed,
      registeredReports.map((report) => ({ slug: report.slug, group: report.group }))
    )
  })

  test('a report run through the runner validates its parameters once', async ({ assert }) => {
    const { company } = await createMember()
    const parameters = reportsBySlug['trip-summary'].parameters
    const validate = parameters.validate
    let validations = 0
    parameters.validate = (data, options) => {
      validations++
      return validate.call(parameters, data, options)
    }
    const run = await runReport(
      reportsBySlug['trip-summary'],
      { period: 'today' },
      { companyId: company.id, timezone: 'Europe/Istanbul', now: DateTime.now() }
    ).finally(() => (parameters.validate = validate))
    assert.equal(run.params.period, 'today')
    assert.equal(validations, 1)
  })
})
