import { test } from '@japa/runner'
import { detect, initialDetectorState, type DetectorSample } from '#tracking/pipeline/trip_detector'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'

const settings = DEFAULT_TRACKING_SETTINGS
const minute = 60_000

/** A vehicle's samples: speed per minute, odometer growing with speed. */
function drive(speeds: number[], ignition = true, start = Date.UTC(2026, 10, 1, 8)) {
  let odometer = 0
  return speeds.map((speed, index): DetectorSample => {
    odometer += (speed * 1000) / 60
    return {
      time: start + index * minute,
      latitude: 41 + index * 0.001,
      longitude: 29,
      odometer,
      speed,
      ignition,
    }
  })
}

function run(samples: DetectorSample[]) {
  let state = initialDetectorState()
  const trips = []
  const stops = []
  for (const sample of samples) {
    const result = detect(state, sample, settings)
    state = result.state
    if (result.trip) trips.push(result.trip)
    if (result.stop) stops.push(result.stop)
  }
  return { state, trips, stops }
}

test.group('Trip detector', () => {
  test('parked, a 10-minute drive, parked again: one stop then one trip', ({ assert }) => {
    const samples = drive([
      0, 0, 0, 0, 0, 0, 40, 50, 50, 50, 50, 50, 50, 50, 50, 50, 0, 0, 0, 0, 0, 0, 0,
    ])
    const { trips, stops, state } = run(samples)
    assert.lengthOf(stops, 1)
    assert.equal(stops[0].start.time, samples[0].time)
    assert.equal(stops[0].end.time, samples[6].time)
    assert.lengthOf(trips, 1)
    assert.equal(trips[0].start.time, samples[6].time)
    assert.equal(trips[0].end.time, samples[16].time)
    assert.equal(trips[0].maxSpeed, 50)
    assert.equal(state.mode, 'parked')
  })

  test('a short stop at a light does not split the trip', ({ assert }) => {
    const samples = drive([0, 50, 50, 50, 50, 50, 50, 0, 0, 50, 50, 50, 50, 0, 0, 0, 0, 0, 0])
    const { trips } = run(samples)
    assert.lengthOf(trips, 1)
    assert.equal(trips[0].start.time, samples[1].time)
    assert.equal(trips[0].end.time, samples[13].time)
  })

  test('a crawl shorter than 300 s and 500 m is not a trip', ({ assert }) => {
    const { trips, state } = run(drive([0, 0, 6, 6, 0, 0, 0, 0, 0, 0]))
    assert.lengthOf(trips, 0)
    assert.equal(state.mode, 'parked')
  })

  test('500 m confirm a trip before 300 s have passed', ({ assert }) => {
    const { state } = run(drive([0, 60, 60]))
    assert.equal(state.mode, 'trip')
  })

  test('engine-on standstill inside a trip is counted as idle time', ({ assert }) => {
    const samples = drive([0, 50, 50, 50, 50, 50, 50, 0, 0, 0, 50, 50, 0, 0, 0, 0, 0, 0])
    const { trips } = run(samples)
    assert.lengthOf(trips, 1)
    assert.isAbove(trips[0].idleSeconds, 170)
  })

  test('the same positions give the same trips whatever the starting point of the replay', ({
    assert,
  }) => {
    const samples = drive([
      0, 0, 50, 50, 50, 50, 50, 50, 0, 0, 0, 0, 0, 0, 0, 50, 50, 50, 50, 50, 50, 0, 0, 0, 0, 0, 0,
    ])
    const whole = run(samples)
    assert.lengthOf(whole.trips, 2)
    const secondHalf = run(samples.slice(9))
    assert.deepEqual(secondHalf.trips.at(-1), whole.trips.at(-1))
  })
})
