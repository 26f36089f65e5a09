import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { correctOdometer } from '#actions/tracking/correct_odometer'
import { rebuildPositionHours } from '#actions/tracking/rebuild_position_hours'
import { BatchWriter, type WriteUnit } from '#tracking/pipeline/batch_writer'
import type { DeviceContext, PositionRow } from '#tracking/pipeline/enrich'
import { createIngestPool } from '#tracking/server/pg_pool'
import { createMember } from '#tests/helpers/accounts'
import { positionHoursOf } from '#tests/helpers/tracking'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import {
  boundaryDates,
  dayBoundaries,
  odometerAtBoundariesSql,
  odometerIntervalsSql,
  odometerSourceFor,
  vehicleFilterSql,
  type OdometerSource,
} from '#reports/telematics'
import { vehicleDaysSql } from '#reports/vehicle_days'
import type { ReportScope } from '#reports/engine/definition'
import type { VehicleParams } from '#reports/telematics'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * A vehicle's history: a position every 7 minutes, and one on each whole hour (so some fall
 * exactly on a local midnight), its odometer growing by a different step each hour; no odometer
 * 20:00–22:00 UTC (the hour before an Istanbul midnight has none), no position in `gap`, and
 * an implausible step of `jump` metres at `jumpAt` (the day's distance is then capped by the
 * time the vehicle reported, so its fix times count too).
 */
function history(
  from: string,
  to: string,
  odometer: number,
  options: { gap?: [string, string]; jumpAt?: string; jump?: number } = {}
) {
  const { gap, jump = 0 } = options
  let jumpAt = options.jumpAt
  const positions: PositionRow[] = []
  const end = Date.parse(to)
  const times = new Set<number>()
  for (let time = Date.parse(from); time < end; time += 7 * MINUTE) times.add(time)
  for (let time = Math.ceil(Date.parse(from) / HOUR) * HOUR; time < end; time += HOUR) {
    times.add(time)
  }
  let metres = odometer
  for (const time of [...times].sort((a, b) => a - b)) {
    if (gap && time >= Date.parse(gap[0]) && time < Date.parse(gap[1])) continue
    const hour = new Date(time).getUTCHours()
    metres += 100 + (hour % 7) * 37.3
    if (jumpAt && time >= Date.parse(jumpAt)) {
      metres += jump
      jumpAt = undefined
    }
    positions.push({
      fixTime: new Date(time),
      serverTime: new Date(time),
      latitude: 41,
      longitude: 29,
      speed: hour >= 6 && hour < 18 ? 50 : 0,
      course: 0,
      altitude: 0,
      satellites: 9,
      valid: true,
      attributes: hour >= 20 && hour < 22 ? {} : { odometer: Math.round(metres * 10) / 10 },
    })
  }
  return positions
}

function unit(device: DeviceContext, positions: PositionRow[]): WriteUnit {
  return { device, positions, events: [], state: null, trips: [], stops: [] }
}

const ZONES = ['Europe/Istanbul', 'UTC', 'America/New_York']
const NO_PARAMS = { period: 'custom' } as VehicleParams

test.group('Odometer from position hours', (group) => {
  let ingestPool: ReturnType<typeof createIngestPool>
  let companyId: number
  let userId: number
  let ids: number[]

  group.setup(async () => {
    ingestPool = createIngestPool(2)
    const { company, user } = await createMember()
    companyId = company.id
    userId = user.id
    const vehicles = await Promise.all(
      ['Gaps', 'Late odometer', 'Parked before', 'Never', 'Short'].map((name) =>
        createVehicle(company, { name })
      )
    )
    ids = vehicles.map((vehicle) => vehicle.id)
    const device = (id: number) =>
      ({ id, companyId: company.id, imei: String(id), protocol: 'teltonika' }) as DeviceContext
    const histories: [number, PositionRow[]][] = [
      // Across the US clock change (8 March), a day without any position.
      [
        ids[0],
        history('2026-03-04T10:03:00Z', '2026-03-11T02:00:00Z', 1_000_000, {
          gap: ['2026-03-07T00:00:00Z', '2026-03-08T06:00:00Z'],
          jumpAt: '2026-03-09T10:00:00Z',
          jump: 3_000_000,
        }),
      ],
      // Positions without odometer first, so early boundaries read the first odometer after.
      [
        ids[1],
        history('2026-03-05T01:00:00Z', '2026-03-06T12:00:00Z', 0).map((position) => ({
          ...position,
          attributes: {},
        })),
      ],
      [ids[1], history('2026-03-06T12:00:00Z', '2026-03-09T00:00:00Z', 2_000_000)],
      // Only before the period: parked all through it.
      [ids[2], history('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', 3_000_000)],
      // ids[3]: no position ever.
      [
        ids[4],
        history('2026-03-07T05:00:00Z', '2026-03-07T09:00:00Z', 4_000_000, {
          jumpAt: '2026-03-07T06:30:00Z',
          jump: 2_000_000,
        }),
      ],
    ]
    // Written by the ingest's batch writer, a few frames per batch, in frames of 40 positions.
    const writer = new BatchWriter(ingestPool.pool, { lingerMs: 5, maxRows: 200 })
    const writes: Promise<void>[] = []
    for (const [id, positions] of histories) {
      for (let offset = 0; offset < positions.length; offset += 40) {
        writes.push(writer.write(unit(device(id), positions.slice(offset, offset + 40))))
      }
    }
    await Promise.all(writes)
    return async () => {
      await db.from('positions').whereIn('device_id', ids).delete()
      await db.from('devices').whereIn('id', ids).delete()
      await ingestPool.end()
    }
  })

  /** The hours as the ingest and the corrections left them equal those rebuilt from positions. */
  async function assertHoursMatchPositions(assert: any) {
    for (const id of ids) {
      const kept = await positionHoursOf(id)
      await rebuildPositionHours(
        id,
        new Date('2026-02-01T00:00:00Z'),
        new Date('2026-04-01T00:00:00Z')
      )
      assert.deepEqual(await positionHoursOf(id), kept, `hours of device ${id}`)
    }
  }

  async function run(sql: string, zone: string, boundaries: DateTime[], interval: boolean) {
    const filter = vehicleFilterSql('dv', companyId, NO_PARAMS)
    const array = boundaryDates({
      period: { from: boundaries[0], to: boundaries[boundaries.length - 1] },
    } as ReportScope<VehicleParams>)
    const bindings = interval ? [zone, array, ...filter.bindings] : [array, ...filter.bindings]
    const result = await db.rawQuery(sql, bindings)
    return (result.rows as Record<string, unknown>[])
      .map((row) => {
        delete row.fix_before
        return row
      })
      .sort((a, b) =>
        `${a.device_id}:${new Date(String(a.day_start ?? a.t)).getTime()}`.localeCompare(
          `${b.device_id}:${new Date(String(b.day_start ?? b.t)).getTime()}`
        )
      )
  }

  async function assertSameFigures(assert: any) {
    const filter = vehicleFilterSql('dv', companyId, NO_PARAMS).sql
    for (const zone of ZONES) {
      const period = {
        from: DateTime.fromISO('2026-03-05', { zone }),
        to: DateTime.fromISO('2026-03-11', { zone }),
      }
      const boundaries = dayBoundaries(period as any)
      assert.equal(odometerSourceFor(boundaries), 'hours', zone)
      const figures = async (source: OdometerSource) => ({
        bounds: await run(odometerAtBoundariesSql(filter, source), zone, boundaries, false),
        intervals: await run(odometerIntervalsSql(filter, source), zone, boundaries, true),
      })
      const fromHours = await figures('hours')
      const fromPositions = await figures('positions')
      assert.deepEqual(fromHours, fromPositions, zone)
      assert.lengthOf(fromHours.intervals, ids.length * 6)
      // Not all zero: the gaps, the parked and the never-seen vehicles beside real distances.
      const distances = fromHours.intervals.map((row) => Number(row.distance))
      assert.isAbove(Math.max(...distances), 0)
      assert.include(distances, 0)
      // And a day capped by the time the vehicle reported (its implausible step).
      assert.isTrue(
        fromHours.intervals.some(
          (row) =>
            Number(row.distance) > 0 &&
            Number(row.distance) < Number(row.end_odometer) - Number(row.start_odometer) - 1
        ),
        zone
      )
    }
  }

  test('the hourly rollup gives the same odometers and distances as positions', async ({
    assert,
  }) => {
    await assertHoursMatchPositions(assert)
    await assertSameFigures(assert)
  })

  test('odometer corrections shift the hours as the positions, figures stay equal', async ({
    assert,
  }) => {
    // The later one first, so the earlier one runs up to it (its `until`).
    for (const [at, km] of [
      ['2026-03-09T03:00:00Z', 9000],
      ['2026-03-06T12:30:00Z', 500],
    ] as const) {
      await correctOdometer({
        companyId,
        deviceId: ids[0],
        effectiveAt: new Date(at),
        odometerKm: km,
        note: null,
        userId,
      })
    }
    const hour = await db
      .from('position_hours')
      .where('device_id', ids[0])
      .where('hour', new Date('2026-03-06T13:00:00Z'))
      .firstOrFail()
    assert.closeTo(hour.first_odometer, 500_000, 20_000)
    await assertHoursMatchPositions(assert)
    await assertSameFigures(assert)
  })

  test('a zone with a half-hour offset reads positions; whole-hour zones the hours', async ({
    assert,
  }) => {
    const scope = (timezone: string) =>
      ({
        context: { companyId, timezone, now: DateTime.now() },
        period: {
          kind: 'custom',
          from: DateTime.fromISO('2026-03-05', { zone: timezone }),
          to: DateTime.fromISO('2026-03-11', { zone: timezone }),
        },
        params: {},
      }) as unknown as ReportScope<VehicleParams>
    const kolkata = vehicleDaysSql(scope('Asia/Kolkata'), false).sql
    assert.include(kolkata, "(p.attributes->>'odometer')::float8")
    assert.notInclude(kolkata, 'position_hours')
    const istanbul = vehicleDaysSql(scope('Europe/Istanbul'), true).sql
    assert.include(istanbul, 'position_hours')
    assert.notInclude(istanbul, "(p.attributes->>'odometer')::float8")
    // A period starting mid-hour reads positions too.
    const boundaries = dayBoundaries({
      from: DateTime.fromISO('2026-03-05T10:30', { zone: 'UTC' }),
      to: DateTime.fromISO('2026-03-07', { zone: 'UTC' }),
    } as any)
    assert.equal(odometerSourceFor(boundaries), 'positions')

    const { sql, bindings } = vehicleDaysSql(scope('Asia/Kolkata'), false)
    const result = await db.rawQuery(sql, bindings as any[])
    assert.lengthOf(result.rows, ids.length * 6)
  })
})
