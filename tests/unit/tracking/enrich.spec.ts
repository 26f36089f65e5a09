import { test } from '@japa/runner'
import { enrich, type DeviceContext } from '#tracking/pipeline/enrich'
import { initialLiveState } from '#tracking/pipeline/live_state'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'
import type { Position } from '#tracking/position'

const device: DeviceContext = {
  id: 1,
  companyId: 1,
  imei: '356307042441013',
  protocol: 'teltonika',
  speedLimit: 90,
  settings: DEFAULT_TRACKING_SETTINGS,
}

function position(minute: number, overrides: Partial<Position> = {}): Position {
  return {
    imei: device.imei,
    fixTime: new Date(Date.UTC(2026, 10, 1, 8, minute)),
    latitude: 41 + minute * 0.001,
    longitude: 29,
    speed: 40,
    course: 0,
    altitude: 10,
    satellites: 9,
    valid: true,
    attributes: { ignition: true, power: 14.1 },
    ...overrides,
  }
}

const receivedAt = new Date(Date.UTC(2026, 10, 1, 9))

test.group('Enrichment', () => {
  test('accumulates distance into the odometer when the device sends none', ({ assert }) => {
    const result = enrich(
      device,
      initialLiveState(),
      [position(0), position(1), position(2)],
      receivedAt
    )
    assert.closeTo(result.state.odometer, 222, 2)
    assert.equal(result.positions[2].attributes.odometer, result.state.odometer)
  })

  test('takes the device odometer when it sends one', ({ assert }) => {
    const result = enrich(
      device,
      initialLiveState(),
      [position(0, { attributes: { odometer: 123_456 } })],
      receivedAt
    )
    assert.equal(result.state.odometer, 123_456)
  })

  test('a late history record is stored but does not move the live state', ({ assert }) => {
    const now = enrich(device, initialLiveState(), [position(10)], receivedAt)
    const late = enrich(device, now.state, [position(5, { latitude: 50 })], receivedAt)
    assert.lengthOf(late.positions, 1)
    assert.equal(late.state.latitude, now.state.latitude)
    assert.equal(late.state.fixTime, now.state.fixTime)
  })

  test('a fix hours ahead of the clock is stored but does not freeze the vehicle', ({ assert }) => {
    const first = enrich(device, initialLiveState(), [position(0)], receivedAt)
    const threeHoursAhead = new Date(receivedAt.getTime() + 3 * 3600 * 1000)
    const ahead = enrich(
      device,
      first.state,
      [position(1, { fixTime: threeHoursAhead, latitude: 50 })],
      receivedAt
    )
    assert.lengthOf(ahead.positions, 1)
    assert.equal(ahead.positions[0].fixTime.getTime(), threeHoursAhead.getTime())
    assert.equal(ahead.state.latitude, first.state.latitude)
    assert.equal(ahead.state.fixTime, first.state.fixTime)

    const next = enrich(device, ahead.state, [position(2)], receivedAt)
    assert.equal(next.state.fixTime, position(2).fixTime.getTime(), 'real fixes still move it')
    assert.equal(next.state.latitude, position(2).latitude)
  })

  test('a fix a little ahead of the clock (within the tolerance) still moves the vehicle', ({
    assert,
  }) => {
    const skewed = new Date(receivedAt.getTime() + 60 * 1000)
    const result = enrich(
      device,
      initialLiveState(),
      [position(0, { fixTime: skewed, latitude: 42 })],
      receivedAt
    )
    assert.equal(result.state.fixTime, skewed.getTime())
    assert.equal(result.state.latitude, 42)
  })

  test('an invalid fix is stored but never moves the vehicle', ({ assert }) => {
    const first = enrich(device, initialLiveState(), [position(0)], receivedAt)
    const invalid = enrich(
      device,
      first.state,
      [position(1, { latitude: 0, longitude: 0, valid: false })],
      receivedAt
    )
    assert.lengthOf(invalid.positions, 1)
    assert.equal(invalid.state.latitude, first.state.latitude)
    assert.equal(invalid.state.odometer, first.state.odometer)
  })

  test('live status: moving, idle with ignition on, stopped with it off', ({ assert }) => {
    const moving = enrich(device, initialLiveState(), [position(0)], receivedAt)
    assert.equal(moving.state.liveStatus, 'moving')
    const idle = enrich(device, moving.state, [position(1, { speed: 0 })], receivedAt)
    assert.equal(idle.state.liveStatus, 'idle')
    const stopped = enrich(
      device,
      idle.state,
      [position(2, { speed: 0, attributes: { ignition: false } })],
      receivedAt
    )
    assert.equal(stopped.state.liveStatus, 'stopped')
  })

  test('overspeed against the device limit fires 105 A, then F once under it for 30 s', ({
    assert,
  }) => {
    const result = enrich(
      device,
      initialLiveState(),
      [
        position(0),
        position(1, { speed: 120 }),
        position(2, { speed: 60 }),
        position(3, { speed: 60 }),
      ],
      receivedAt
    )
    const overspeed = result.events.filter((event) => event.code === '105')
    assert.deepEqual(
      overspeed.map((event) => event.state),
      ['A', 'F']
    )
  })

  test('a device coming back online reports CONNECTION_ON once', ({ assert }) => {
    const first = enrich(device, initialLiveState(), [position(0)], receivedAt)
    assert.include(
      first.events.map((event) => event.code),
      'CONNECTION_ON'
    )
    const second = enrich(device, first.state, [position(1)], receivedAt)
    assert.notInclude(
      second.events.map((event) => event.code),
      'CONNECTION_ON'
    )
  })

  test('ignition changes become 100 A/F events and the battery state follows the voltage', ({
    assert,
  }) => {
    const on = enrich(device, initialLiveState(), [position(0)], receivedAt)
    assert.deepInclude(
      on.events.map((event) => [event.code, event.state]),
      ['100', 'A']
    )
    assert.include(
      on.events.map((event) => event.code),
      'HSR'
    )
    const off = enrich(
      device,
      on.state,
      [position(1, { speed: 0, attributes: { ignition: false, power: 11.5 } })],
      receivedAt
    )
    assert.deepInclude(
      off.events.map((event) => [event.code, event.state]),
      ['100', 'F']
    )
    assert.include(
      off.events.map((event) => event.code),
      'LVS'
    )
  })
})

test.group('Enrichment of device odometers', () => {
  test('an odometer jumping faster than a vehicle drives is flagged and the cleaned one holds', ({
    assert,
  }) => {
    const first = enrich(
      device,
      initialLiveState(),
      [position(0, { attributes: { odometer: 50_000 } })],
      receivedAt
    )
    const glitch = enrich(
      device,
      first.state,
      [position(1, { attributes: { odometer: 900_000_000 } })],
      receivedAt
    )
    assert.equal(glitch.state.odometer, 50_000)
    assert.deepEqual(glitch.positions[0].attributes.flags, ['odometer:impossible_step'])
    assert.equal(glitch.positions[0].attributes.deviceOdometer, 900_000_000)
    assert.equal(glitch.positions[0].attributes.odometer, 50_000)
    const back = enrich(
      device,
      glitch.state,
      [position(2, { attributes: { odometer: 50_300 } })],
      receivedAt
    )
    assert.equal(back.state.odometer, 50_300)
  })
})

test.group('Enrichment when a device starts reporting its odometer', () => {
  test('the trip in progress keeps its distance', ({ assert }) => {
    const moving = (minute: number, attributes: Record<string, unknown> = {}) =>
      position(minute, { speed: 50, attributes: { ignition: true, ...attributes } })
    let state = initialLiveState()
    const trips = []
    const samples = [
      moving(0),
      moving(1),
      moving(2, { odometer: 5_000_000 }),
      ...[3, 4, 5, 6, 7].map((minute) =>
        moving(minute, { odometer: 5_000_000 + (minute - 2) * 111 })
      ),
      ...[8, 9, 10, 11, 12, 13, 14].map((minute) =>
        position(minute, { speed: 0, attributes: { ignition: false, odometer: 5_000_700 } })
      ),
    ]
    for (const sample of samples) {
      const result = enrich(device, state, [sample], receivedAt)
      state = result.state
      trips.push(...result.trips)
    }
    assert.lengthOf(trips, 1)
    const distance = trips[0].end.odometer - trips[0].start.odometer
    assert.isBelow(distance, 2000)
    assert.isAbove(distance, 500)
  })
})
