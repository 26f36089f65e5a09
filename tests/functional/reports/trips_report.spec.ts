import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { tripsReport } from '#reports/definitions/trips_report'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-03-04T12:00:00', { zone: ZONE })

test.group('Trips report', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('runs for one company: its trips of the period, totals, a chart and a stream', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
    const truck = await createVehicle(company, { name: 'Truck' })
    const foreign = await createVehicle(other.company, { name: 'Foreign' })

    // Yesterday (local), two trips; one the day before; one of the other company yesterday.
    const yesterday = NOW.minus({ days: 1 })
    await addTrip(van, company, {
      start: yesterday.set({ hour: 0, minute: 30 }),
      distance: 12_345,
      duration: 1200,
      maxSpeed: 90,
    })
    await addTrip(truck, company, {
      start: yesterday.set({ hour: 18 }),
      distance: 5000,
      duration: 600,
      maxSpeed: 70,
    })
    await addTrip(van, company, { start: NOW.minus({ days: 2 }), distance: 1000, duration: 60 })
    await addTrip(foreign, other.company, {
      start: yesterday.set({ hour: 9 }),
      distance: 9000,
      duration: 900,
    })

    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await tripsReport.run({ period: 'yesterday' }, context, { perPage: 1 })

    assert.equal(run.page.meta.total, 2)
    assert.lengthOf(run.page.rows, 1)
    assert.deepInclude(run.page.rows[0], {
      vehicle: 'Van',
      plate: '34 VAN 1',
      driver: null,
      startTime: yesterday.set({ hour: 0, minute: 30 }).startOf('minute').toISO(),
      distance: 12.35,
      duration: 1200,
      maxSpeed: 90,
    })
    assert.deepEqual(run.totals, {
      trips: 2,
      distance: 17.35,
      duration: 1800,
      idleDuration: 0,
      maxSpeed: 90,
    })
    assert.deepEqual(run.chart, {
      type: 'bar',
      labels: [yesterday.toISODate()!],
      series: [{ name: 'distance', data: [17.35] }],
    })

    const streamed = []
    for await (const row of run.stream(1)) streamed.push(row.vehicle)
    assert.deepEqual(streamed, ['Van', 'Truck'])

    const theirs = await tripsReport.run(
      { period: 'yesterday' },
      { ...context, companyId: other.company.id }
    )
    assert.deepEqual(
      theirs.page.rows.map((row) => row.vehicle),
      ['Foreign']
    )

    // Another company's vehicle as a filter finds nothing in this company.
    const filtered = await tripsReport.run({ period: 'this_week', deviceId: foreign.id }, context)
    assert.equal(filtered.page.meta.total, 0)
    assert.equal(filtered.totals.trips, 0)
  })

  test('validates its parameters with Vine', async ({ assert }) => {
    const context = { companyId: 1, timezone: ZONE, now: NOW }
    await assert.rejects(() => tripsReport.run({ period: 'forever' }, context))
    try {
      await tripsReport.run({ period: 'custom', from: '2026-03-01' }, context)
      assert.fail('custom without `to` must be refused')
    } catch (error) {
      assert.instanceOf(error, vineErrors.E_VALIDATION_ERROR)
      assert.equal(
        (error as InstanceType<typeof vineErrors.E_VALIDATION_ERROR>).messages[0].field,
        'to'
      )
    }
  })
})
