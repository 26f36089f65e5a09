import { test } from '@japa/runner'
import type { PositionRow } from '#tracking/pipeline/enrich'
import {
  PositionHours,
  positionHoursOf,
  positionHoursStatement,
} from '#tracking/pipeline/position_hour_rows'

const device = { id: 7, companyId: 3 }

function position(time: string, odometer?: number): PositionRow {
  return {
    fixTime: new Date(time),
    serverTime: new Date(time),
    latitude: 41,
    longitude: 29,
    speed: 0,
    course: 0,
    altitude: 0,
    satellites: 9,
    valid: true,
    attributes: odometer === undefined ? {} : { odometer },
  }
}

const positions = [
  position('2026-11-20T09:59:59.900Z', 1000),
  position('2026-11-20T10:00:00Z'),
  position('2026-11-20T10:05:00Z', 1100),
  position('2026-11-20T10:30:00Z', 1200.5),
  position('2026-11-20T10:59:00Z'),
  position('2026-11-20T12:10:00Z'),
]

/** The hours as plain rows with ISO times, for comparing. */
const readable = (rows: ReturnType<typeof positionHoursOf>) =>
  rows.map((row) => ({
    ...row,
    hour: new Date(row.hour).toISOString(),
    firstFix: new Date(row.firstFix).toISOString(),
    lastFix: new Date(row.lastFix).toISOString(),
  }))

test.group('Position hours', () => {
  test('one row per device and UTC hour: first and last fix, first and last odometer', ({
    assert,
  }) => {
    const rows = readable(positionHoursOf([{ device, positions }]))
    assert.deepEqual(
      rows.map((row) => row.hour),
      ['2026-11-20T09:00:00.000Z', '2026-11-20T10:00:00.000Z', '2026-11-20T12:00:00.000Z']
    )
    assert.deepInclude(rows[1], {
      companyId: 3,
      deviceId: 7,
      firstFix: '2026-11-20T10:00:00.000Z',
      lastFix: '2026-11-20T10:59:00.000Z',
      firstOdometerTime: Date.parse('2026-11-20T10:05:00Z'),
      firstOdometer: 1100,
      lastOdometerTime: Date.parse('2026-11-20T10:30:00Z'),
      lastOdometer: 1200.5,
    })
    // An hour without any odometer has its fixes only.
    assert.deepInclude(rows[2], {
      firstOdometerTime: null,
      firstOdometer: null,
      lastOdometerTime: null,
      lastOdometer: null,
    })
  })

  test('positions merged over several batches, in any order, equal one batch', ({ assert }) => {
    const once = positionHoursOf([{ device, positions }])
    const merged = new PositionHours()
    const parts = [positions.slice(3), positions.slice(0, 2), positions.slice(2, 3)]
    for (const part of parts) {
      for (const row of positionHoursOf([{ device, positions: part }])) merged.add(row)
    }
    assert.deepEqual(merged.sorted(), once)
    // Units of the same device in one batch merge the same way.
    assert.deepEqual(positionHoursOf(parts.map((part) => ({ device, positions: part }))), once)
  })

  test('a resent position changes nothing; the first of a fix time stays', ({ assert }) => {
    const once = positionHoursOf([{ device, positions }])
    const resent = new PositionHours()
    for (const row of once) resent.add(row)
    for (const row of positionHoursOf([{ device, positions: positions.slice(2, 4) }])) {
      resent.add(row)
    }
    assert.deepEqual(resent.sorted(), once)

    const twin = positionHoursOf([
      {
        device,
        positions: [position('2026-11-20T10:05:00Z', 1100), position('2026-11-20T10:05:00Z', 9)],
      },
    ])
    assert.equal(twin[0].firstOdometer, 1100)
    assert.equal(twin[0].lastOdometer, 1100)
  })

  test('the upsert binds one column per placeholder, one row per key; nothing without rows', ({
    assert,
  }) => {
    assert.isNull(positionHoursStatement([]))
    const statement = positionHoursStatement(positionHoursOf([{ device, positions }]))!
    assert.lengthOf(statement.values, 9)
    for (const column of statement.values) assert.lengthOf(column, 3)
    assert.include(statement.sql, 'ON CONFLICT (device_id, hour) DO UPDATE')
  })
})
