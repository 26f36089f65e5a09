import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  HOUR_MS,
  SensorRollup,
  initialSensorState,
  rollUp,
  type SensorReading,
} from '#tracking/pipeline/sensor_rollup'
import { mergeRollup } from '#tracking/pipeline/sensor_rollup_rows'
import { rollupWindows } from '#reports/fuel/rollup_windows'

const T0 = Date.UTC(2026, 2, 4, 7, 0, 0)
const minutes = (n: number) => T0 + n * 60_000

function reading(minute: number, attributes: SensorReading['attributes'], speed = 0) {
  return { time: minutes(minute), speed, latitude: 41, longitude: 29 + minute / 1000, attributes }
}

/** Readings across two hours: a refuel, a fall while driving, a drop standing, two sensors. */
const READINGS: SensorReading[] = [
  reading(0, { fuel: 30, fuelUsed: 100, temperatures: { dallas1: 5 } }),
  reading(10, { fuel: 30.4, fuelUsed: 101, temperatures: { dallas1: 9, ble1: -2 } }),
  reading(20, { fuel: 40, temperatures: { dallas1: 7 } }),
  reading(30, { fuel: 55 }),
  reading(40, { fuel: 50, fuelUsed: 103 }, 60),
  reading(59, { fuel: 48, temperatures: { dallas1: 1, ble1: -3 } }),
  reading(61, { fuel: 44, temperatures: { dallas1: 3 } }),
  reading(75, { fuel: 44.5, fuelUsed: 104 }),
  reading(90, { temperatures: { dallas1: 4 } }),
]

function rollAll(readings: SensorReading[], chunks: number[]) {
  const total = new SensorRollup()
  let state = initialSensorState()
  let index = 0
  for (const size of chunks) {
    const part = new SensorRollup()
    for (const item of readings.slice(index, index + size)) state = rollUp(state, item, part)
    index += size
    mergeRollup(total, part)
  }
  return total
}

const plain = (rollup: SensorRollup) => ({
  fuel: [...rollup.fuelHours.values()].sort((a, b) => a.hour - b.hour),
  temperatures: [...rollup.temperatureHours.values()].sort(
    (a, b) => a.hour - b.hour || a.sensor.localeCompare(b.sensor)
  ),
  events: [...rollup.fuelEvents.values()].sort((a, b) => a.startTime - b.startTime),
})

test.group('Sensor rollup', () => {
  test('hours: first and last level, counter range, temperature figures and held seconds', ({
    assert,
  }) => {
    const { fuel, temperatures } = plain(rollAll(READINGS, [READINGS.length]))
    assert.deepEqual(fuel[0], {
      hour: T0,
      firstTime: minutes(0),
      firstLevel: 30,
      lastTime: minutes(59),
      lastLevel: 48,
      minUsed: 100,
      maxUsed: 103,
    })
    assert.deepInclude(fuel[1], { firstLevel: 44, lastLevel: 44.5, minUsed: 104, maxUsed: 104 })
    const dallas = temperatures.filter((row) => row.sensor === 'dallas1')
    // 5 (600 s), 9 (600 s), 7 (2340 s), 1 (120 s to the 3 at 01:01)
    assert.deepEqual(dallas[0], {
      hour: T0,
      sensor: 'dallas1',
      readings: 4,
      min: 1,
      max: 9,
      sum: 22,
      seconds: 3660,
      lastTime: minutes(59),
      lastValue: 1,
      lastSeconds: 120,
      valueSeconds: { 5: 600, 9: 600, 7: 2340, 1: 120 },
    })
    // 3 (1740 s to 01:30), 4 (no next reading yet)
    assert.deepInclude(dallas[1], { readings: 2, seconds: 1740, lastValue: 4, lastSeconds: 0 })
    const ble = temperatures.filter((row) => row.sensor === 'ble1')
    assert.deepInclude(ble[0], { readings: 2, min: -3, max: -2, seconds: 2940, lastSeconds: 0 })
  })

  test('refuels rise, drops fall standing, a fall while driving is consumption', ({ assert }) => {
    const { events } = plain(rollAll(READINGS, [READINGS.length]))
    assert.deepEqual(
      events.map((event) => [
        event.kind,
        (event.startTime - T0) / 60_000,
        (event.endTime - T0) / 60_000,
        Math.round(event.litres * 10) / 10,
        event.levelBefore,
        event.levelAfter,
      ]),
      [
        // 30.4 → 40 → 55: one refuel of 24.6 l (the 0.4 l before it is noise)
        ['refuel', 20, 30, 24.6, 30.4, 55],
        // 55 → 50 at 60 km/h is consumption; 50 → 48 → 44 standing is one drop
        ['drop', 59, 61, -6, 50, 44],
      ]
    )
  })

  test('merging rows of several batches equals one pass, whatever the split', ({ assert }) => {
    const once = plain(rollAll(READINGS, [READINGS.length]))
    for (const chunks of [
      [1, 1, 1, 1, 1, 1, 1, 1, 1],
      [2, 3, 4],
      [5, 4],
      [8, 1],
    ]) {
      assert.deepEqual(plain(rollAll(READINGS, chunks)), once, chunks.join(','))
    }
  })

  test('windows: whole hours from the rollup, cut hours from positions, pieces in one day', ({
    assert,
  }) => {
    const kolkata = rollupWindows(
      DateTime.fromISO('2026-03-04T00:00', { zone: 'Asia/Kolkata' }),
      DateTime.fromISO('2026-03-06T00:00', { zone: 'Asia/Kolkata' }),
      true
    )
    // Local midnights fall at hh:30 UTC: the start, the day between and the end cut an hour.
    assert.deepEqual(
      kolkata.segments.map(([from, to]) => [from.toISOString(), to.toISOString()]),
      [
        ['2026-03-03T18:30:00.000Z', '2026-03-03T19:00:00.000Z'],
        ['2026-03-04T18:00:00.000Z', '2026-03-04T18:30:00.000Z'],
        ['2026-03-04T18:30:00.000Z', '2026-03-04T19:00:00.000Z'],
        ['2026-03-05T18:00:00.000Z', '2026-03-05T18:30:00.000Z'],
      ]
    )
    assert.equal(
      kolkata.cutHours,
      '{2026-03-03T18:00:00.000Z,2026-03-04T18:00:00.000Z,2026-03-05T18:00:00.000Z}'
    )
    const istanbul = rollupWindows(
      DateTime.fromISO('2026-03-04T00:00', { zone: 'Europe/Istanbul' }),
      DateTime.fromISO('2026-03-05T00:00', { zone: 'Europe/Istanbul' }),
      true
    )
    assert.deepEqual(istanbul.segments, [])
    assert.equal(istanbul.lastHour.getTime() - istanbul.firstHour.getTime(), 23 * HOUR_MS)
  })
})
