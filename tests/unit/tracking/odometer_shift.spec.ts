import { test } from '@japa/runner'
import {
  BatchWriter,
  type SqlClient,
  type SqlPool,
  type WriteUnit,
} from '#tracking/pipeline/batch_writer'
import type { PositionRow } from '#tracking/pipeline/enrich'
import { connectionEventUnit, writerDevice } from './helpers/write_units.js'
import { initialLiveState, type LiveState } from '#tracking/pipeline/live_state'
import {
  shiftLiveOdometer,
  shiftPositionOdometers,
  shiftTripOdometers,
} from '#tracking/pipeline/odometer_shift'
import { initialPlausibilityState } from '#tracking/pipeline/plausibility_state'
import type { DetectedTrip } from '#tracking/pipeline/trip_detector'

const T0 = Date.UTC(2026, 10, 20, 8)
const minute = (n: number) => T0 + n * 60_000
const RAW = 50_000_000

function row(n: number, odometer: number): PositionRow {
  return {
    fixTime: new Date(minute(n)),
    serverTime: new Date(minute(n)),
    latitude: 41,
    longitude: 29,
    speed: 60,
    course: 0,
    altitude: 50,
    satellites: 9,
    valid: true,
    attributes: { odometer, deviceOdometer: odometer },
  }
}

/** A tracker with its own odometer, moving, its trip started at minute 1, last read at minute 5. */
function movingState(): LiveState {
  const plausibility = initialPlausibilityState()
  plausibility.odometer = {
    last: { metres: RAW + 4000, time: minute(5) },
    offset: 0,
    candidate: null,
  }
  return {
    ...initialLiveState(),
    fixTime: minute(5),
    odometer: RAW + 4000,
    detector: {
      ...initialLiveState().detector,
      mode: 'trip',
      since: { time: minute(1), latitude: 41, longitude: 29, odometer: RAW },
      lastOdometer: RAW + 4000,
    },
    plausibility,
  }
}

test.group('Odometer correction applied to rows and a live state not yet stored', () => {
  test('positions from the correction time up to the next one move; earlier and later ones do not', ({
    assert,
  }) => {
    const rows = [row(1, RAW), row(2, RAW + 1000), row(3, RAW + 2000), row(4, RAW + 3000)]
    shiftPositionOdometers(rows, { from: minute(2), until: minute(4), offset: 100_000.04 })
    assert.deepEqual(
      rows.map((position) => position.attributes.odometer),
      [RAW, RAW + 101_000, RAW + 102_000, RAW + 3000]
    )
    assert.equal(rows[1].attributes.deviceOdometer, RAW + 1000, 'the raw reading stays')
  })

  test('a correction that runs on moves the live odometer, the trip detector and the filter offset', ({
    assert,
  }) => {
    const kept = movingState()
    const shifted = shiftLiveOdometer(kept, { from: minute(3), until: null, offset: 100_000 })
    assert.equal(shifted.odometer, RAW + 104_000)
    assert.equal(shifted.detector.since!.odometer, RAW + 100_000)
    assert.equal(shifted.detector.lastOdometer, RAW + 104_000)
    assert.equal(shifted.plausibility!.odometer.offset, 100_000)
    assert.deepEqual(shifted.plausibility!.odometer.history, [
      { from: 0, offset: 0 },
      { from: minute(3), offset: 100_000 },
    ])
    // The state a listener kept (and may share nested objects with) is left as it was.
    assert.equal(kept.odometer, RAW + 4000)
    assert.equal(kept.detector.since!.odometer, RAW)
    assert.equal(kept.plausibility!.odometer.offset, 0)
  })

  test('a correction before an older one moves only the offsets of its span', ({ assert }) => {
    const shifted = shiftLiveOdometer(movingState(), {
      from: minute(1),
      until: minute(3),
      offset: 50_000,
    })
    assert.equal(shifted.odometer, RAW + 4000)
    assert.equal(shifted.detector.since!.odometer, RAW)
    assert.equal(shifted.plausibility!.odometer.offset, 0)
    assert.deepEqual(shifted.plausibility!.odometer.history, [
      { from: 0, offset: 0 },
      { from: minute(1), offset: 50_000 },
      { from: minute(3), offset: 0 },
    ])
  })

  test('a trip that ended after the correction keeps its distance', ({ assert }) => {
    const point = (n: number, odometer: number) => ({
      time: minute(n),
      latitude: 41,
      longitude: 29,
      odometer,
    })
    const before = { start: point(0, RAW), end: point(1, RAW + 900) } as DetectedTrip
    const spanning = { start: point(1, RAW + 900), end: point(4, RAW + 3000) } as DetectedTrip
    shiftTripOdometers([before, spanning], { from: minute(2), until: null, offset: 100_000 })
    assert.deepEqual([before.start.odometer, before.end.odometer], [RAW, RAW + 900])
    assert.deepEqual(
      [spanning.start.odometer, spanning.end.odometer],
      [RAW + 100_900, RAW + 103_000]
    )
  })
})

/**
 * A database stand-in: the batch's check fails once for device 7, as
 * `ingest_check_odometer_generations` does when the device was corrected after its live state
 * was read, and the corrections query answers with that correction.
 */
class CorrectedPool implements SqlPool {
  batches: string[] = []
  queries: unknown[][] = []
  private stale = true

  async acquire(): Promise<SqlClient> {
    return {
      query: async (_text: string, values?: unknown[]) => {
        this.queries.push(values ?? [])
        return {
          rowCount: 1,
          rows: [
            {
              device_id: 7,
              generation: 0,
              current: 1,
              effective_at: new Date(minute(6)),
              offset_m: 100_000,
              until: null,
            },
          ],
        }
      },
      copyFrom: async (sql: string) => {
        this.batches.push(sql)
        if (this.stale && sql.includes("'{7}'::int[], '{0}'::int[]")) {
          this.stale = false
          throw Object.assign(new Error('odometer corrected since the live state was read'), {
            code: 'OD001',
          })
        }
        return 1
      },
    }
  }

  release(): void {}
}

test.group('Batch writer and odometer corrections', () => {
  test('a batch built on a live state read before a correction gets it, and says so in its check', async ({
    assert,
  }) => {
    const pool = new CorrectedPool()
    const writer = new BatchWriter(pool, { lingerMs: 0 })
    const state = { ...movingState(), fixTime: minute(7), odometer: RAW + 6000 }
    const unit: WriteUnit = {
      device: writerDevice(7),
      positions: [row(5.5, RAW + 4500), row(6, RAW + 5000), row(7, RAW + 6000)],
      events: [],
      state,
      trips: [],
      stops: [],
    }
    await writer.write(unit)

    assert.lengthOf(pool.batches, 2, 'written again after the check failed')
    assert.match(pool.batches[0], /^SELECT ingest_check_odometer_generations\('\{7\}'/)
    assert.include(pool.batches[1], "ingest_check_odometer_generations('{7}'::int[], '{1}'::int[])")
    const lookups = pool.queries.filter((values) => values.length > 0)
    assert.deepEqual(lookups, [['{7}', '{0}']], 'one query for the corrections missed')
    assert.deepEqual(
      unit.positions.map((position) => position.attributes.odometer),
      [RAW + 4500, RAW + 105_000, RAW + 106_000]
    )
    // The very object the pipeline keeps after the commit.
    assert.equal(state.odometer, RAW + 106_000)
    assert.equal(state.plausibility!.odometer.offset, 100_000)
    assert.equal(state.odometerGeneration, 1)
  })

  test('a batch of events only (no live state) is not checked', async ({ assert }) => {
    const pool = new CorrectedPool()
    const writer = new BatchWriter(pool, { lingerMs: 0 })
    await writer.write(connectionEventUnit(writerDevice(7)))
    assert.lengthOf(pool.batches, 0, 'no check: the events go through one plain statement')
    assert.lengthOf(pool.queries, 1)
  })
})
