import { test } from '@japa/runner'
import { enrich, type DeviceContext } from '#tracking/pipeline/enrich'
import { initialLiveState, type LiveState } from '#tracking/pipeline/live_state'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'
import { plausibilityStateFrom } from '#tracking/pipeline/plausibility_state'
import { POSITION_FLAGS, judgeFuel, newFuelFilterState } from '#tracking/pipeline/plausibility'
import { BATTERY_MIN_DWELL_MS, judgeBatteryState } from '#tracking/pipeline/battery_filter'
import { SensorRollup, initialSensorState, rollUp } from '#tracking/pipeline/sensor_rollup'
import type { Position } from '#tracking/position'

const device: DeviceContext = {
  id: 1,
  companyId: 1,
  imei: '356307042441013',
  protocol: 'teltonika',
  speedLimit: 90,
  settings: DEFAULT_TRACKING_SETTINGS,
}
const T0 = Date.UTC(2026, 10, 1, 8)
const receivedAt = new Date(T0 + 3_600_000)

/** One fix a minute, 1 km a minute north, the device odometer following. */
function position(minute: number, overrides: Partial<Position> = {}): Position {
  return {
    imei: device.imei,
    fixTime: new Date(T0 + minute * 60_000),
    latitude: 41 + minute / 111.195,
    longitude: 29,
    speed: 60,
    course: 0,
    altitude: 10,
    satellites: 9,
    valid: true,
    attributes: { ignition: true, power: 13.9, odometer: 10_000_000 + minute * 1000 },
    ...overrides,
  }
}

/** The state as device_states gives it back after a listener restart. */
function restarted(state: LiveState): LiveState {
  const stored = JSON.parse(JSON.stringify(state))
  return { ...stored, plausibility: plausibilityStateFrom(stored.plausibility) }
}

test.group('Plausibility handlers', () => {
  test('the flags a stored position may carry', ({ assert }) => {
    assert.deepEqual(
      [...POSITION_FLAGS],
      [
        'gps:invalid',
        'gps:null_island',
        'gps:few_satellites',
        'gps:speed_jump',
        'odometer:zero_after_nonzero',
        'odometer:backwards',
        'odometer:impossible_step',
        'odometer:rebased',
        'fuel:slosh',
      ]
    )
  })

  test('a GPS jump is stored raw and flagged; the live state and odometer stay', ({ assert }) => {
    const first = enrich(device, initialLiveState(), [position(0), position(1)], receivedAt)
    const jump = enrich(
      device,
      first.state,
      [position(2, { latitude: 50, attributes: { ignition: true } })],
      receivedAt
    )
    assert.equal(jump.positions[0].latitude, 50)
    assert.deepEqual(jump.positions[0].attributes.flags, ['gps:speed_jump'])
    assert.equal(jump.positions[0].attributes.distance, 0)
    assert.equal(jump.state.latitude, first.state.latitude)
    assert.equal(jump.state.odometer, first.state.odometer)
    const next = enrich(device, jump.state, [position(3)], receivedAt)
    assert.isUndefined(next.positions[0].attributes.flags)
  })

  test('a clean position carries no flags, and the raw device odometer is kept', ({ assert }) => {
    const result = enrich(device, initialLiveState(), [position(0)], receivedAt)
    assert.isUndefined(result.positions[0].attributes.flags)
    assert.equal(result.positions[0].attributes.deviceOdometer, 10_000_000)
    assert.equal(result.positions[0].attributes.odometer, 10_000_000)
  })

  test('the company limit decides what speed is implausible', ({ assert }) => {
    const slow = { ...device, settings: { ...DEFAULT_TRACKING_SETTINGS, maxPlausibleSpeedKmh: 40 } }
    const result = enrich(slow, initialLiveState(), [position(0), position(1)], receivedAt)
    // 1 km in a minute is 60 km/h: a jump for a 40 km/h limit (the odometer's step allows 1 km more).
    assert.deepEqual(result.positions[1].attributes.flags, ['gps:speed_jump'])
    const normal = enrich(device, initialLiveState(), [position(0), position(1)], receivedAt)
    assert.isUndefined(normal.positions[1].attributes.flags)
  })

  test('an odometer reset across a listener restart still becomes the new base', ({ assert }) => {
    let state = initialLiveState()
    const odometers: number[] = []
    for (let minute = 0; minute < 12; minute++) {
      const reset = minute >= 5 ? { odometer: (minute - 5) * 1000 } : {}
      const result = enrich(
        device,
        state,
        [
          position(minute, {
            attributes: { ignition: true, odometer: 10_000_000 + minute * 1000, ...reset },
          }),
        ],
        receivedAt
      )
      odometers.push(result.state.odometer)
      state = restarted(result.state)
    }
    assert.deepEqual(odometers, [
      ...[0, 1, 2, 3, 4].map((minute) => 10_000_000 + minute * 1000),
      10_004_000,
      10_004_000,
      ...[7, 8, 9, 10, 11].map((minute) => 10_000_000 + minute * 1000),
    ])
  })

  test('a battery voltage hovering on a threshold raises no event; a lasting change does', ({
    assert,
  }) => {
    const state = { confirmed: null, pending: null }
    const off = (power: number) => ({ power, ignition: false })
    assert.equal(judgeBatteryState(state, off(12.6), T0), 'HSO')
    const hovering = Array.from({ length: 60 }, (_, minute) =>
      judgeBatteryState(state, off(minute % 2 ? 12.35 : 12.45), T0 + (minute + 1) * 60_000)
    )
    assert.deepEqual(
      hovering.filter((code) => code !== null),
      []
    )
    // 12.2 V is beyond the band: NSC once it has lasted the minimum time.
    const later = T0 + 2 * 3_600_000
    assert.isNull(judgeBatteryState(state, off(12.2), later))
    assert.isNull(judgeBatteryState(state, off(12.2), later + BATTERY_MIN_DWELL_MS - 1))
    assert.equal(judgeBatteryState(state, off(12.2), later + BATTERY_MIN_DWELL_MS), 'NSC')
    // Starting the engine changes the state at once.
    assert.equal(judgeBatteryState(state, { power: 14, ignition: true }, later + 7 * 60_000), 'HSR')
  })

  test('the fuel filter ignores sloshing and follows a refuel', ({ assert }) => {
    const filter = newFuelFilterState()
    const at = (second: number) => T0 + second * 1000
    const sloshing = [50, 56, 44, 55, 45, 50, 57, 43].map((fuel, index) =>
      judgeFuel(filter, fuel, at(index * 30), true, 80)
    )
    assert.deepEqual(
      sloshing.map((verdict) => verdict.level),
      Array(8).fill(50)
    )
    assert.deepEqual(
      sloshing.map((verdict) => verdict.slosh),
      [false, true, true, true, true, false, true, true]
    )
    const refuel = [50, 50, 75, 75, 75].map((fuel, index) =>
      judgeFuel(filter, fuel, at(600 + index * 30), false, 80)
    )
    assert.deepEqual(
      refuel.map((verdict) => verdict.level),
      [50, 50, 75, 75, 75]
    )
    assert.isFalse(refuel.some((verdict) => verdict.slosh))
    // Above the tank (plus 10 %): ignored.
    assert.deepEqual(judgeFuel(filter, 200, at(800), false, 80), { level: 75, slosh: true })
  })

  test('the rollup counts one refuel and flags the sloshing readings', ({ assert }) => {
    const rollup = new SensorRollup()
    let state = initialSensorState()
    const readings = [
      ...[50, 56, 44, 55, 45, 50].map((fuel) => ({ fuel, speed: 60 })),
      ...[50, 50, 75, 75, 75].map((fuel) => ({ fuel, speed: 0 })),
    ]
    const flagged: number[] = []
    readings.forEach(({ fuel, speed }, index) => {
      const attributes: Record<string, unknown> = { fuel }
      state = rollUp(
        state,
        {
          time: T0 + index * 30_000,
          speed,
          latitude: 41,
          longitude: 29,
          attributes,
          tankCapacity: 80,
        },
        rollup
      )
      if ((attributes.flags as string[] | undefined)?.includes('fuel:slosh')) flagged.push(index)
    })
    assert.deepEqual(flagged, [1, 2, 3, 4])
    const events = [...rollup.fuelEvents.values()]
    assert.lengthOf(events, 1)
    assert.include(events[0], { kind: 'refuel', litres: 25, levelBefore: 50, levelAfter: 75 })
  })
})
