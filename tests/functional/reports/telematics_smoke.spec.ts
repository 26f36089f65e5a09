import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-03-04T12:00:00', { zone: ZONE })

test.group('Telematics reports (smoke)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every report runs with every filter', async ({ assert }) => {
    const { company } = await createMember()
    const van = await createVehicle(company, { name: 'Van' })
    await addTrip(van, company, { start: NOW.minus({ hours: 3 }), distance: 1000, duration: 60 })
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    for (const [slug, report] of Object.entries(reportsBySlug)) {
      for (const params of [
        { period: 'today' },
        { period: 'this_month', deviceIds: [van.id, 999999] },
        { period: 'this_week', deviceId: van.id, groupId: 5 },
      ]) {
        const run = await report.run(params, context)
        assert.isObject(run.totals, slug)
        for await (const row of run.stream(10)) assert.isObject(row)
      }
    }
  })
})
