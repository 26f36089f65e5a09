import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { correctOdometer } from '#actions/tracking/correct_odometer'
import { rebuildPositionHours } from '#actions/tracking/rebuild_position_hours'
import { createMember } from '#tests/helpers/accounts'
import { eventually } from '#tests/helpers/tracking'
import { BatchWriter } from '#tracking/pipeline/batch_writer'
import { IngestPipeline } from '#tracking/pipeline/ingest'
import type { Position } from '#tracking/position'
import { DeviceRegistry } from '#tracking/server/device_registry'
import { createIngestPool } from '#tracking/server/pg_pool'

/**
 * Issue 25: an odometer correction racing the tracker listener's writes. The listener keeps each
 * device's live state in memory and is told to reload it after a correction; these tests keep
 * that message from arriving (nothing invalidates the registry), so every write below is built
 * on the live state the listener held before the correction, as a write in flight at that
 * moment is. A tracker with its own odometer drives north at 60 km/h, one fix a minute.
 */
const MINUTE = 60_000
const RAW = 50_000_000
const START = Math.floor(Date.now() / MINUTE) * MINUTE - 60 * MINUTE

function fix(imei: string, minute: number): Position {
  return {
    imei,
    fixTime: new Date(START + minute * MINUTE),
    latitude: 41 + minute / 111.195,
    longitude: 29,
    speed: 60,
    course: 0,
    altitude: 50,
    satellites: 9,
    valid: true,
    attributes: { ignition: true, motion: true, odometer: RAW + minute * 1000 },
  }
}

const silent = { position() {}, event() {} }

test.group('Odometer correction racing the listener', (group) => {
  let ingestPool: ReturnType<typeof createIngestPool>
  let serial = 0

  group.setup(() => {
    ingestPool = createIngestPool(4)
    return () => ingestPool.end()
  })

  /** A vehicle driven for minutes 0 to 2 through the listener's pipeline. */
  async function drivenVehicle() {
    const { company, user } = await createMember()
    const imei = `3563070424700${String(++serial).padStart(2, '0')}`
    await registerDevice({ company: company.name, imei, name: imei, protocol: 'teltonika' })
    const registry = new DeviceRegistry(ingestPool.raw)
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    const pipeline = new IngestPipeline(registry, writer, silent)
    const device = (await registry.find(imei))!
    await pipeline.positions(
      device,
      [0, 1, 2].map((minute) => fix(imei, minute))
    )
    const send = (...minutes: number[]) =>
      pipeline.positions(
        device,
        minutes.map((minute) => fix(imei, minute))
      )
    /** A correction: the vehicle had `odometerM` metres at `minute`. */
    const correct = (minute: number, odometerM: number) =>
      correctOdometer({
        companyId: company.id,
        deviceId: device.id,
        effectiveAt: new Date(START + minute * MINUTE),
        odometerKm: odometerM / 1000,
        note: null,
        userId: user.id,
      })
    const odometers = async () => {
      const rows = await db
        .from('positions')
        .where('device_id', device.id)
        .orderBy('fix_time')
        .select('attributes')
      return rows.map((row) => row.attributes.odometer as number)
    }
    const liveState = () => db.from('device_states').where('device_id', device.id).firstOrFail()
    return { device, registry, pipeline, send, correct, odometers, liveState }
  }

  test('a frame built on the live state held before a correction is stored with it', async ({
    assert,
  }) => {
    const { device, registry, send, correct, odometers, liveState } = await drivenVehicle()
    const result = await correct(2.5, RAW + 2000 + 100_000)
    assert.equal(result.offset, 100_000)

    await send(3, 4)

    assert.deepEqual(await odometers(), [RAW, RAW + 1000, RAW + 2000, RAW + 103_000, RAW + 104_000])
    // The position hours the batch wrote hold the odometers it was given by the catch-up.
    const hours = await db
      .from('position_hours')
      .where('device_id', device.id)
      .orderBy('hour', 'desc')
      .select('last_odometer')
    assert.equal(hours[0].last_odometer, RAW + 104_000)
    const state = await liveState()
    assert.equal(Number(state.odometer), RAW + 104_000)
    assert.equal(state.detector.plausibility.odometer.offset, 100_000)
    const kept = await registry.state(device)
    assert.equal(kept.odometer, RAW + 104_000, 'the state in memory has the correction too')
    assert.equal(kept.odometerGeneration, 1)
  })

  test('the DISCONNECTED write of a tracker closing as a correction commits keeps the correction', async ({
    assert,
  }) => {
    const { device, pipeline, send, correct, odometers, liveState } = await drivenVehicle()
    await correct(2.5, RAW + 2000 + 100_000)

    await pipeline.connection(device, 'DISCONNECTED')

    const state = await liveState()
    assert.equal(Number(state.odometer), RAW + 102_000)
    assert.equal(state.detector.plausibility.odometer.offset, 100_000)
    await send(3)
    assert.equal((await odometers())[3], RAW + 103_000, 'the next fix continues from it')
  })

  test('a correction waits for a batch in flight, then reads and shifts what it wrote', async ({
    assert,
  }) => {
    const { device, registry, send, correct, odometers, liveState } = await drivenVehicle()
    // Hold the batch after its check, before its commit: the test locks the live-state row the
    // batch then has to write.
    const holder = await ingestPool.raw.connect()
    const waiting = (pattern: string) =>
      eventually(
        async () =>
          (
            await db.rawQuery(
              `SELECT count(*)::int AS count FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query ILIKE ?`,
              [pattern]
            )
          ).rows[0].count as number,
        (count) => count > 0
      )
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT 1 FROM device_states WHERE device_id = $1 FOR UPDATE', [device.id])
      const writing = send(3, 4)
      assert.equal(await waiting('%COPY positions%'), 1, 'the batch waits')
      // Minute 3 is in the batch only: the odometer before a correction at 3.5 is its own.
      const correcting = correct(3.5, RAW + 3000 + 100_000)
      assert.equal(await waiting('%"devices"%for update%'), 1, 'the correction waits')
      await holder.query('ROLLBACK')
      await writing
      const result = await correcting
      assert.equal(result.previous, RAW + 3000, 'the correction read the batch it waited for')
      assert.equal(result.offset, 100_000)
    } finally {
      holder.release()
    }

    assert.deepEqual((await odometers()).slice(3), [RAW + 3000, RAW + 104_000])
    assert.equal(Number((await liveState()).odometer), RAW + 104_000)
    // The listener still holds the state it committed before the correction: its next frame
    // gets the correction at commit.
    assert.equal((await registry.state(device)).odometerGeneration, 0)
    await send(5)
    assert.equal((await odometers())[5], RAW + 105_000)
    assert.equal(Number((await liveState()).odometer), RAW + 105_000)
    assert.equal((await registry.state(device)).odometerGeneration, 1)

    // The position hours the batches and the correction wrote equal those of the positions.
    const hours = () =>
      db
        .from('position_hours')
        .where('device_id', device.id)
        .orderBy('hour')
        .select('hour', 'first_fix', 'last_fix', 'first_odometer', 'last_odometer')
    const kept = await hours()
    assert.isNotEmpty(kept)
    await rebuildPositionHours(device.id, new Date(START), new Date(START + 10 * MINUTE))
    assert.deepEqual(await hours(), kept)
  })
})
