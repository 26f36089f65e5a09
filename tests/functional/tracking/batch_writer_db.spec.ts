import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { BatchWriter, type WriteUnit } from '#tracking/pipeline/batch_writer'
import type { DeviceContext } from '#tracking/pipeline/enrich'
import type { PositionAttributes } from '#tracking/position'
import { initialLiveState, type LiveState } from '#tracking/pipeline/live_state'
import { createIngestPool } from '#tracking/server/pg_pool'
import { rebuildPositionHours } from '#actions/tracking/rebuild_position_hours'
import { connectionEventUnit } from '#tests/unit/tracking/helpers/write_units'
import { positionHoursOf } from '#tests/helpers/tracking'

const IMEIS = ['356307042441901', '356307042441902']

function unit(
  device: DeviceContext,
  times: string[],
  attributes: PositionAttributes = {}
): WriteUnit {
  return {
    ...connectionEventUnit(device),
    positions: times.map((time) => ({
      fixTime: new Date(time),
      serverTime: new Date(),
      latitude: 41.0151,
      longitude: 28.9795,
      speed: 12.5,
      course: 90,
      altitude: 31,
      satellites: 9,
      valid: true,
      attributes,
    })),
  }
}

async function stored(deviceId: number) {
  const positions = await db
    .from('positions')
    .where('device_id', deviceId)
    .orderBy('fix_time')
    .select('fix_time', 'speed', 'satellites', 'valid', 'attributes')
  const [events] = await db.from('events').where('device_id', deviceId).count('* as total')
  return { positions, events: Number(events.total) }
}

test.group('Batch writer against PostgreSQL', (group) => {
  let ingestPool: ReturnType<typeof createIngestPool>
  const devices: DeviceContext[] = []

  group.setup(async () => {
    ingestPool = createIngestPool(2)
    const { company } = await createMember()
    for (const imei of IMEIS) {
      const { id } = await registerDevice({
        company: company.name,
        imei,
        name: imei,
        protocol: 'teltonika',
      })
      devices.push({ id, companyId: company.id, imei, protocol: 'teltonika' } as DeviceContext)
    }
    return async () => {
      const ids = devices.map((device) => device.id)
      await db.from('positions').whereIn('device_id', ids).delete()
      await db.from('devices').whereIn('id', ids).delete()
      await ingestPool.end()
    }
  })

  group.each.setup(async () => {
    const ids = devices.map((device) => device.id)
    await db.from('positions').whereIn('device_id', ids).delete()
    await db.from('events').whereIn('device_id', ids).delete()
    await db.from('device_states').whereIn('device_id', ids).delete()
    await db.from('position_hours').whereIn('device_id', ids).delete()
  })

  function stateAt(time: string, speed: number): LiveState {
    return {
      ...initialLiveState(),
      fixTime: Date.parse(time),
      lastSeenAt: Date.parse(time),
      latitude: 41.0151,
      longitude: 28.9795,
      speed,
      satellites: 9,
      valid: true,
      liveStatus: speed > 0 ? 'moving' : 'stopped',
      online: true,
      ignition: speed > 0,
      odometer: 1234567.5,
      ipAddress: '10.1.2.3',
      attributes: { ignition: speed > 0, note: "quote ' and $$ and ş" } as PositionAttributes,
    }
  }

  test('positions keep every value, and attributes and events every character', async ({
    assert,
  }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    const attributes = {
      ignition: true,
      note: 'tab\there, new\nline, cr\r, "quoted" back\\slash \\N Ağır ÖÜ',
      io: { 1: 2.5 },
    } as PositionAttributes
    const written = unit(devices[0], ['2026-11-20T10:00:00.123Z'], attributes)
    const eventAttributes = { text: "it's a \\ b $$ $b$ $b0$ 'q' \"d\" {x,y}" }
    written.events[0].attributes = eventAttributes
    await writer.write(written)
    const { positions, events } = await stored(devices[0].id)
    assert.lengthOf(positions, 1)
    assert.equal(new Date(positions[0].fix_time).toISOString(), '2026-11-20T10:00:00.123Z')
    assert.equal(positions[0].speed, 12.5)
    assert.equal(positions[0].satellites, 9)
    assert.isTrue(positions[0].valid)
    assert.deepEqual(positions[0].attributes, attributes)
    assert.equal(events, 1)
    const event = await db.from('events').where('device_id', devices[0].id).firstOrFail()
    assert.deepEqual(event.attributes, eventAttributes)
    assert.equal(writer.committedPositions, 1)
  })

  test('a batch holding a resent position keeps its new rows and ignores the duplicate', async ({
    assert,
  }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    await writer.write(unit(devices[0], ['2026-11-20T10:00:00Z', '2026-11-20T10:00:01Z']))

    // Both units in one batch: the first repeats a stored fix.
    const batched = new BatchWriter(ingestPool.pool, { lingerMs: 50 })
    await Promise.all([
      batched.write(unit(devices[0], ['2026-11-20T10:00:01Z', '2026-11-20T10:00:02Z'])),
      batched.write(unit(devices[1], ['2026-11-20T10:00:00Z'])),
    ])

    const first = await stored(devices[0].id)
    assert.deepEqual(
      first.positions.map((row) => new Date(row.fix_time).toISOString()),
      ['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:01.000Z', '2026-11-20T10:00:02.000Z']
    )
    assert.equal(first.events, 2)
    const second = await stored(devices[1].id)
    assert.lengthOf(second.positions, 1)
    assert.equal(second.events, 1)
  })

  test('a record sent twice in one frame is stored once', async ({ assert }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    await writer.write(
      unit(devices[0], ['2026-11-20T10:00:00Z', '2026-11-20T10:00:01Z', '2026-11-20T10:00:01Z'])
    )
    const { positions } = await stored(devices[0].id)
    assert.lengthOf(positions, 2)
  })

  test('times keep their millisecond before 2000 and after, coordinates their sign', async ({
    assert,
  }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    const written = unit(devices[0], ['1999-12-31T23:59:59.999Z', '2038-01-19T03:14:08.001Z'])
    written.positions[0].latitude = -33.868819
    written.positions[0].longitude = -151.209295
    written.positions[0].altitude = -12.5
    await writer.write(written)
    const rows = await db
      .from('positions')
      .where('device_id', devices[0].id)
      .orderBy('fix_time')
      .select('fix_time', 'latitude', 'longitude', 'altitude')
    assert.deepEqual(
      rows.map((row) => new Date(row.fix_time).toISOString()),
      ['1999-12-31T23:59:59.999Z', '2038-01-19T03:14:08.001Z']
    )
    assert.equal(rows[0].latitude, -33.868819)
    assert.equal(rows[0].longitude, -151.209295)
    assert.equal(rows[0].altitude, -12.5)
  })

  test('a failed batch leaves nothing and its connection serves the next one', async ({
    assert,
  }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0, concurrency: 1 })
    const broken = unit(devices[0], ['2026-11-20T10:00:00Z'])
    // A JSON document PostgreSQL refuses (jsonb holds no NUL character).
    broken.events[0].attributes = { text: 'nul \u0000 here' }
    await assert.rejects(() => writer.write(broken))
    assert.deepEqual(await stored(devices[0].id), { positions: [], events: 0 })

    await writer.write(unit(devices[0], ['2026-11-20T10:00:00Z']))
    assert.lengthOf((await stored(devices[0].id)).positions, 1)
  })

  test('many positions of many devices in one batch are all stored', async ({ assert }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 20 })
    const start = Date.parse('2026-11-20T00:00:00Z')
    const times = Array.from({ length: 2000 }, (_, i) => new Date(start + i * 1000).toISOString())
    await Promise.all([
      writer.write(unit(devices[0], times, { io: { 24: 55 }, note: 'ş'.repeat(300) })),
      writer.write(unit(devices[1], times.slice(0, 1500))),
    ])
    assert.lengthOf((await stored(devices[0].id)).positions, 2000)
    assert.lengthOf((await stored(devices[1].id)).positions, 1500)
    const last = await db
      .from('positions')
      .where('device_id', devices[0].id)
      .orderBy('fix_time', 'desc')
      .firstOrFail()
    assert.deepEqual(last.attributes, { io: { 24: 55 }, note: 'ş'.repeat(300) })
  })

  test('live states are upserted with every value and document', async ({ assert }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    const first = unit(devices[0], ['2026-11-20T10:00:00Z'])
    first.state = stateAt('2026-11-20T10:00:00.250Z', 0)
    await writer.write(first)
    const moved = unit(devices[0], ['2026-11-20T10:00:10Z'])
    moved.state = stateAt('2026-11-20T10:00:10.500Z', 47.5)
    moved.state.detector = { ...moved.state.detector, mode: 'trip', maxSpeed: 47.5 }
    moved.state.geofences = [7]
    const noFix = connectionEventUnit(devices[1])
    noFix.state = { ...initialLiveState(), lastSeenAt: Date.parse('2026-11-20T10:00:11Z') }
    await Promise.all([writer.write(moved), writer.write(noFix)])

    const row = await db.from('device_states').where('device_id', devices[0].id).firstOrFail()
    assert.equal(new Date(row.fix_time).toISOString(), '2026-11-20T10:00:10.500Z')
    assert.equal(new Date(row.server_time).toISOString(), '2026-11-20T10:00:10.500Z')
    assert.equal(row.speed, 47.5)
    assert.equal(row.live_status, 'moving')
    assert.isTrue(row.ignition)
    assert.equal(row.odometer, 1234567.5)
    assert.equal(row.satellites, 9)
    assert.equal(row.ip_address, '10.1.2.3')
    assert.deepEqual(row.attributes, { ignition: true, note: "quote ' and $$ and ş" })
    assert.equal(row.detector.mode, 'trip')
    assert.equal(row.detector.maxSpeed, 47.5)
    assert.deepEqual(row.detector.geofences, [7])

    const empty = await db.from('device_states').where('device_id', devices[1].id).firstOrFail()
    assert.isNull(empty.fix_time)
    assert.isNull(empty.latitude)
    assert.isNull(empty.ignition)
    assert.equal(new Date(empty.last_seen_at).toISOString(), '2026-11-20T10:00:11.000Z')
  })

  test('the live states are staged in a table without TOAST, emptied at each commit', async ({
    assert,
  }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    const moved = unit(devices[0], ['2026-11-20T10:00:00Z'])
    moved.state = stateAt('2026-11-20T10:00:00Z', 30)
    await writer.write(moved)
    const client = await ingestPool.raw.connect()
    try {
      const { rows } = await client.query(
        `SELECT reltoastrelid <> 0 AS toasted FROM pg_class
          WHERE oid = 'pg_temp.ingest_states'::regclass`
      )
      assert.deepEqual(rows, [{ toasted: false }])
      const staged = await client.query('SELECT count(*)::int AS n FROM ingest_states')
      assert.equal(staged.rows[0].n, 0)
    } finally {
      client.release()
    }
  })

  test('a live state too large to stay in place is written whole all the same', async ({
    assert,
  }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    const io = Object.fromEntries(Array.from({ length: 900 }, (_, id) => [id + 1, id * 1000]))
    const large = unit(devices[0], ['2026-11-20T10:00:00Z'])
    large.state = stateAt('2026-11-20T10:00:00Z', 30)
    large.state.attributes = { ...large.state.attributes, io } as PositionAttributes
    assert.isAbove(JSON.stringify(large.state.attributes).length, 9000)
    const small = unit(devices[1], ['2026-11-20T10:00:00Z'])
    small.state = stateAt('2026-11-20T10:00:00Z', 5)
    await Promise.all([writer.write(large), writer.write(small)])

    const row = await db.from('device_states').where('device_id', devices[0].id).firstOrFail()
    assert.deepEqual(row.attributes.io, io)
    const other = await db.from('device_states').where('device_id', devices[1].id).firstOrFail()
    assert.equal(other.speed, 5)
  })

  test('a batch written again for a resent position keeps its live state', async ({ assert }) => {
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    await writer.write(unit(devices[0], ['2026-11-20T10:00:00Z']))
    const resent = unit(devices[0], ['2026-11-20T10:00:00Z'])
    resent.state = stateAt('2026-11-20T10:00:00Z', 12)
    await writer.write(resent)
    assert.lengthOf((await stored(devices[0].id)).positions, 1)
    const row = await db.from('device_states').where('device_id', devices[0].id).firstOrFail()
    assert.equal(row.speed, 12)
  })

  test('position hours: batches, a resent position and a frame of several hours merge as one', async ({
    assert,
  }) => {
    const frames: [string[], PositionAttributes][] = [
      [['2026-11-20T10:20:00Z', '2026-11-20T10:40:00Z'], { odometer: 5000.5 }],
      [['2026-11-20T10:00:00Z', '2026-11-20T10:10:00Z'], {}],
      [['2026-11-20T10:50:00Z', '2026-11-20T11:05:00Z', '2026-11-20T12:59:59.999Z'], {}],
      [['2026-11-20T10:30:00Z', '2026-11-20T10:45:00Z'], { odometer: 5100 }],
      // Resent: stored already, changes nothing.
      [['2026-11-20T10:40:00Z'], { odometer: 1 }],
    ]
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 0 })
    for (const [times, attributes] of frames)
      await writer.write(unit(devices[0], times, attributes))
    // The same positions (the first of each fix time) in one batch, on the other device.
    const once = new BatchWriter(ingestPool.pool, { lingerMs: 50 })
    await Promise.all(
      frames
        .slice(0, 4)
        .map(([times, attributes]) => once.write(unit(devices[1], times, attributes)))
    )

    const written = await positionHoursOf(devices[0].id)
    assert.deepEqual(await positionHoursOf(devices[1].id), written)
    assert.lengthOf(written, 3)
    assert.deepInclude(written[0], {
      first_odometer: 5000.5,
      last_odometer: 5100,
    })
    assert.equal(new Date(written[0].first_fix).toISOString(), '2026-11-20T10:00:00.000Z')
    assert.equal(new Date(written[0].last_fix).toISOString(), '2026-11-20T10:50:00.000Z')
    assert.equal(new Date(written[0].last_odometer_time).toISOString(), '2026-11-20T10:45:00.000Z')
    assert.isNull(written[1].first_odometer)
    // Equal to the hours computed from the stored positions (the migration's backfill).
    await rebuildPositionHours(
      devices[0].id,
      new Date('2026-11-20T00:00:00Z'),
      new Date('2026-11-21T00:00:00Z')
    )
    assert.deepEqual(await positionHoursOf(devices[0].id), written)
  })
})
