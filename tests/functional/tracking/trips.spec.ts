import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { rebuildTrips } from '#actions/tracking/rebuild_trips'
import { createMember } from '#tests/helpers/accounts'
import { startListener } from '#tests/helpers/tracking'
import type { Position } from '#tracking/position'

const start = Date.UTC(2026, 9, 5, 6, 0)

/** A morning: parked, a 12-minute drive, parked, a 9-minute drive, parked. One position a minute. */
function morning(imei: string): Position[] {
  const speeds = [
    ...Array(8).fill(0),
    ...Array(12).fill(45),
    ...Array(10).fill(0),
    ...Array(9).fill(60),
    ...Array(8).fill(0),
  ]
  let latitude = 41.0
  return speeds.map((speed, minute) => {
    latitude += (speed / 60 / 111) * 1
    return {
      imei,
      fixTime: new Date(start + minute * 60_000),
      latitude,
      longitude: 29.0,
      speed,
      course: 0,
      altitude: 20,
      satellites: 10,
      valid: true,
      attributes: { ignition: speed > 0 },
    }
  })
}

test.group('Trips and stops', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('are written at ingest and rebuilt identically by the rebuild command', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const imei = `86${Date.now().toString().slice(-13)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: 'Trip van',
      protocol: 'osmand',
    })
    const device = (await listener.service.registry.find(imei))!
    const positions = morning(imei)
    for (let index = 0; index < positions.length; index += 5) {
      await listener.service.ingest.positions(device, positions.slice(index, index + 5))
    }

    const columns = ['start_time', 'end_time', 'distance', 'max_speed', 'duration']
    const ingested = await db
      .from('trips')
      .where('device_id', id)
      .orderBy('start_time')
      .select(columns)
    assert.lengthOf(ingested, 2)
    assert.equal(new Date(ingested[0].start_time).getTime(), start + 8 * 60_000)
    assert.equal(new Date(ingested[0].end_time).getTime(), start + 20 * 60_000)
    assert.equal(ingested[1].max_speed, 60)
    assert.isAbove(ingested[0].distance, 8000)
    const stops = await db.from('stops').where('device_id', id).orderBy('start_time')
    assert.lengthOf(stops, 2)

    await db.from('trips').where('device_id', id).delete()
    await db.from('stops').where('device_id', id).delete()
    const result = await rebuildTrips(id, new Date(start), new Date(start + 60 * 60_000))
    assert.equal(result.trips, 2)
    const rebuilt = await db
      .from('trips')
      .where('device_id', id)
      .orderBy('start_time')
      .select(columns)
    assert.deepEqual(rebuilt, ingested)

    const partial = await rebuildTrips(
      id,
      new Date(start + 25 * 60_000),
      new Date(start + 60 * 60_000)
    )
    assert.equal(partial.replayFrom.getTime(), start + 25 * 60_000)
    const again = await db
      .from('trips')
      .where('device_id', id)
      .orderBy('start_time')
      .select(columns)
    assert.deepEqual(again, ingested, 'the same trips whatever period is rebuilt')
  })
})
