import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { telematicsReports } from '#reports/telematics_reports'
import { reportsBySlug as registry } from '#reports/registry'
import { resolvePeriod } from '#reports/engine/period'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-03-04T12:00:00', { zone: ZONE })

test.group('Telematics reports (smoke)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the registry serves them by page slug', ({ assert }) => {
    for (const [slug, report] of Object.entries(telematicsReports)) {
      assert.strictEqual(registry[slug], report, slug)
    }
  })

  test('every report runs with every filter', async ({ assert }) => {
    const { company } = await createMember()
    const van = await createVehicle(company, { name: 'Van' })
    await addTrip(van, company, { start: NOW.minus({ hours: 3 }), distance: 1000, duration: 60 })
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    for (const [slug, report] of Object.entries(telematicsReports)) {
      for (const params of [
        { period: 'today' },
        { period: 'this_month', deviceIds: [van.id, 999999] },
        { period: 'this_week', deviceId: van.id, groupId: 5 },
      ]) {
        const run = await report.run(params, context)
        assert.isObject(run.totals, slug)
        const streamed = []
        for await (const row of run.stream(10)) streamed.push(row)
        assert.lengthOf(streamed, run.page.meta.total, slug)
        // A caller going straight to `rows` (after the report's own `prepare`, when it has
        // one), the same rows.
        const valid = await report.parameters.validate(params)
        const scope = {
          params: valid,
          period: resolvePeriod(valid, NOW, ZONE),
          context,
          client: db.connection(),
        }
        await report.prepare?.(scope)
        const direct = await report.rows(scope)
        assert.deepEqual(
          direct.map((row: Record<string, unknown>) => String(row.vehicle ?? row.driver)),
          streamed.map((row) => String(row.vehicle ?? row.driver)),
          slug
        )
      }
    }
  })
})
