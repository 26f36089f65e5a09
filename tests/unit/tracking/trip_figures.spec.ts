import { test } from '@japa/runner'
import {
  detect,
  initialDetectorState,
  type DetectedIdle,
  type DetectedTrip,
  type DetectorSample,
} from '#tracking/pipeline/trip_detector'
import { driverCard } from '#tracking/pipeline/driver_card'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'

const minute = 60_000
const start = Date.UTC(2026, 10, 1, 8)

/** One sample a minute; odometer grows with the speed of the minute before. */
function samples(
  rows: { speed: number; ignition?: boolean; card?: string | null; limit?: number | null }[]
) {
  let odometer = 0
  let previous = 0
  return rows.map((row, index): DetectorSample => {
    odometer += (previous * 1000) / 60
    previous = row.speed
    return {
      time: start + index * minute,
      latitude: 41 + index * 0.001,
      longitude: 29,
      odometer,
      speed: row.speed,
      ignition: row.ignition ?? true,
      speedLimit: row.limit === undefined ? 90 : row.limit,
      driverCardId: row.card ?? null,
    }
  })
}

function run(list: DetectorSample[]) {
  let state = initialDetectorState()
  const trips: DetectedTrip[] = []
  const idles: DetectedIdle[] = []
  for (const sample of list) {
    const result = detect(state, sample, DEFAULT_TRACKING_SETTINGS)
    state = result.state
    if (result.trip) trips.push(result.trip)
    if (result.idle) idles.push(result.idle)
  }
  return { trips, idles, state }
}

test.group('Trip detector: report figures', () => {
  test('time and distance above each 5 km/h step and above the limit; top speed place', ({
    assert,
  }) => {
    // Parked, then 2 min at 60, 3 min at 100 (limit 90), 1 min at 60, then standing.
    const list = samples([
      { speed: 0 },
      { speed: 60 },
      { speed: 60 },
      { speed: 100, card: '00000000A1B2C3D4' },
      { speed: 100 },
      { speed: 100 },
      { speed: 60 },
      ...Array.from({ length: 7 }, () => ({ speed: 0, ignition: false })),
    ])
    const { trips } = run(list)
    assert.lengthOf(trips, 1)
    const [trip] = trips
    assert.equal(trip.start.time, list[1].time)
    assert.equal(trip.end.time, list[7].time)
    assert.equal(trip.maxSpeed, 100)
    assert.equal(trip.maxSpeedAt!.time, list[3].time)
    assert.equal(trip.maxSpeedAt!.latitude, list[3].latitude)
    // Above 50 km/h: all 6 driven minutes; above 95 km/h: the 3 minutes at 100.
    assert.equal(trip.speedSeconds![9], 360)
    assert.closeTo(trip.speedMeters![9], 3 * 1000 + 3 * (100_000 / 60), 0.001)
    assert.equal(trip.speedSeconds![18], 180)
    assert.closeTo(trip.speedMeters![18], 5000, 0.001)
    assert.isUndefined(trip.speedSeconds![19])
    assert.equal(trip.overLimitSeconds, 180)
    assert.closeTo(trip.overLimitMeters!, 5000, 0.001)
    assert.equal(trip.driverCardId, '00000000A1B2C3D4')
  })

  test('engine-on standstills of 5 minutes or more are idle periods, shorter ones are not', ({
    assert,
  }) => {
    const list = samples([
      { speed: 0, ignition: false },
      // 4 minutes idle
      { speed: 0 },
      { speed: 0 },
      { speed: 0 },
      { speed: 0 },
      { speed: 0, ignition: false },
      // 6 minutes idle
      { speed: 0 },
      { speed: 0 },
      { speed: 0 },
      { speed: 0 },
      { speed: 0 },
      { speed: 0 },
      { speed: 40 },
    ])
    const { idles } = run(list)
    assert.lengthOf(idles, 1)
    assert.equal(idles[0].start.time, list[6].time)
    assert.equal(idles[0].end.time, list[12].time)
  })

  test('a state stored before the report fields still works', ({ assert }) => {
    const { mode, since, pending, maxSpeed, idleSeconds, lastTime, lastIdle } =
      initialDetectorState()
    let state = { mode, since, pending, maxSpeed, idleSeconds, lastTime, lastIdle }
    for (const sample of samples([{ speed: 0 }, { speed: 50 }, { speed: 50 }, { speed: 50 }])) {
      state = detect(state, sample, DEFAULT_TRACKING_SETTINGS).state
    }
    assert.equal(state.mode, 'trip')
  })

  test('a card of zeros is no card', ({ assert }) => {
    assert.isNull(driverCard('0000000000000000'))
    assert.isNull(driverCard(''))
    assert.equal(driverCard('00000000a1b2c3d4'), '00000000A1B2C3D4')
  })
})
