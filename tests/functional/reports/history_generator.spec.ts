import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { generateHistory } from '#tracking/history/generate_history'
import { reportsBySlug } from '#reports/registry'
import FleetGenerateHistory from '#commands/fleet_generate_history'
import { createMember } from '#tests/helpers/accounts'
import { rebuildSensorRollups } from '#actions/tracking/rebuild_sensor_rollups'
import { rebuildPositionHours } from '#actions/tracking/rebuild_position_hours'

const ZONE = 'Europe/Istanbul'
// A Wednesday noon: the first day is Tuesday, a working day.
const NOW = DateTime.fromISO('2026-03-04T12:00:00', { zone: ZONE })

const count = async (table: string, companyId: number) =>
  Number((await db.from(table).where('company_id', companyId).count('* as n').first())?.n ?? 0)

test.group('History generator', () => {
  test('writes positions, trips, stops, events, fuel log and live state, and replaces them on a rerun', async ({
    assert,
    cleanup,
  }) => {
    const { company } = await createMember()
    cleanup(async () => {
      await db.from('companies').where('id', company.id).delete()
    })
    const options = {
      companyId: company.id,
      vehicles: 3,
      days: 2,
      intervalSeconds: 60,
      now: NOW,
      timezone: ZONE,
    }
    const result = await generateHistory(options)
    // Every minute from Tuesday 00:00 to Wednesday 12:00 (included), for each vehicle.
    assert.equal(result.positions, 3 * (36 * 60 + 1))
    assert.equal(await count('positions', company.id), result.positions)
    assert.equal(await count('trips', company.id), result.trips)
    assert.isAbove(result.trips, 3)
    assert.isAbove(result.stops, 3)
    // Engine-on standstills of 5 minutes or more are idle periods, as the live ingest writes.
    assert.isAbove(result.idles, 0)
    assert.equal(await count('idle_periods', company.id), result.idles)
    const shortest = await db
      .from('idle_periods')
      .where('company_id', company.id)
      .min('duration as d')
      .first()
    assert.isAtLeast(Number(shortest.d), 300)
    assert.equal(await count('device_states', company.id), 3)

    const codes = (await db.from('events').where('company_id', company.id).distinct('code')).map(
      (row) => row.code
    )
    assert.includeMembers(codes, ['100', 'CONNECTION_ON'])
    assert.isTrue(codes.some((code) => ['HSR', 'HSO', 'NSC', 'LVS'].includes(code)))

    // Each trip belongs to the vehicle's driver (the card the tracker reads), and its
    // distance is the odometer difference the pipeline measured.
    const trips = await db
      .from('trips')
      .join('devices', 'devices.id', 'trips.device_id')
      .where('trips.company_id', company.id)
      .select('trips.*', 'devices.driver_id as assigned')
    // Trips keep what the ingest keeps: time per speed step, top speed's place and time.
    assert.isTrue(trips.some((trip) => trip.speed_seconds.length > 0 && trip.max_speed_time))
    for (const trip of trips) {
      assert.equal(trip.driver_id, trip.assigned)
      assert.approximately(trip.distance, trip.end_odometer - trip.start_odometer, 0.5)
    }
    const card = await db
      .from('positions')
      .where('company_id', company.id)
      .whereRaw(`attributes->>'driverUniqueId' IS NOT NULL`)
      .first()
    const driver = await db.from('drivers').where('card_id', card.attributes.driverUniqueId).first()
    assert.equal(driver.company_id, company.id)

    // The position, fuel and temperature hours are those trips:rebuild computes from the
    // positions.
    const rollups = ['fuel_hours', 'temperature_hours', 'fuel_level_events', 'position_hours']
    const rollupCounts = await Promise.all(rollups.map((table) => count(table, company.id)))
    assert.isAbove(rollupCounts[0], 3 * 30)
    assert.isAbove(rollupCounts[1], 0)
    assert.isAbove(rollupCounts[3], 3 * 24)
    const rollupRows = async (deviceId: number) =>
      Promise.all(
        rollups.map(async (table) =>
          (await db.from(table).where('device_id', deviceId))
            .map((row) =>
              JSON.stringify(row, (_key, value) =>
                typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value
              )
            )
            .sort()
        )
      )
    for (const device of await db.from('devices').where('company_id', company.id)) {
      const generated = await rollupRows(device.id)
      await rebuildSensorRollups(device.id, result.from.toJSDate(), result.to.toJSDate())
      await rebuildPositionHours(device.id, result.from.toJSDate(), result.to.toJSDate())
      assert.deepEqual(await rollupRows(device.id), generated)
    }

    // A rerun replaces the history: the same rows, not twice as many.
    const again = await generateHistory(options)
    assert.equal(again.positions, result.positions)
    assert.equal(await count('positions', company.id), result.positions)
    assert.equal(await count('trips', company.id), result.trips)
    assert.deepEqual(
      await Promise.all(rollups.map((table) => count(table, company.id))),
      rollupCounts
    )
    assert.equal(await count('devices', company.id), 3)

    // Every report of the registry runs on it for the whole fleet.
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    for (const [slug, report] of Object.entries(reportsBySlug)) {
      const run = await report.run(
        { period: 'custom', from: '2026-03-03', to: '2026-03-04' },
        context
      )
      assert.isAtLeast(run.page.meta.total, 0, slug)
    }
    const fuel = await reportsBySlug['fuel-consumptions'].run(
      { period: 'custom', from: '2026-03-03', to: '2026-03-04' },
      context
    )
    assert.equal(fuel.page.meta.total, 3)
    assert.isAbove(Number(fuel.totals.estimatedLitres), 0)
  })

  test('fleet:generate-history runs on a tiny size and refuses bad sizes', async ({
    assert,
    cleanup,
  }) => {
    ace.ui.switchMode('raw')
    cleanup(() => ace.ui.switchMode('normal'))
    const { company } = await createMember()
    cleanup(async () => {
      await db.from('companies').where('id', company.id).delete()
    })
    const command = await ace.create(FleetGenerateHistory, [
      `--company=${company.id}`,
      '--vehicles=1',
      '--days=1',
      '--interval=300',
    ])
    await command.exec()
    command.assertSucceeded()
    assert.isAbove(await count('positions', company.id), 0)

    const bad = await ace.create(FleetGenerateHistory, [`--company=${company.id}`, '--days=0'])
    await bad.exec()
    bad.assertFailed()
    const unknown = await ace.create(FleetGenerateHistory, ['--company=999999999'])
    await unknown.exec()
    unknown.assertFailed()
  })
})
