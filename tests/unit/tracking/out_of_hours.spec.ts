import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createEnricher, defaultHandlers, type DeviceContext } from '#tracking/pipeline/enrich'
import { outOfHoursHandler } from '#tracking/pipeline/handlers/out_of_hours'
import { initialLiveState } from '#tracking/pipeline/live_state'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'
import { defaultWorkingHours } from '#services/settings/working_hours'
import type { CompanyHours } from '#tracking/working_hours/hours_store'
import type { Position } from '#tracking/position'

const ZONE = 'Europe/Istanbul'

const device: DeviceContext = {
  id: 7,
  companyId: 3,
  imei: '356307042441013',
  protocol: 'osmand',
  speedLimit: null,
  settings: DEFAULT_TRACKING_SETTINGS,
}

/** Saturday 10 October 2026 (a day off), `time` in Istanbul. */
function at(time: string, speed: number, ignition = true): Position {
  return {
    imei: device.imei,
    fixTime: DateTime.fromISO(`2026-10-10T${time}`, { zone: ZONE }).toJSDate(),
    latitude: 41.0,
    longitude: 29.0,
    speed,
    course: 0,
    altitude: 0,
    satellites: 9,
    valid: true,
    attributes: { ignition },
  }
}

test.group('Out-of-hours handler', () => {
  test('A once when moving outside the hours starts, F once it stops; none without hours', ({
    assert,
  }) => {
    let lookups = 0
    const hours: CompanyHours = { hours: defaultWorkingHours, zone: ZONE }
    const enrich = createEnricher([
      ...defaultHandlers(),
      outOfHoursHandler(() => {
        lookups++
        return hours
      }),
    ])
    const received = new Date('2026-10-10T20:00:00Z')
    const first = enrich(
      device,
      initialLiveState(),
      [at('10:00', 0, false), at('10:01', 40), at('10:02', 45), at('10:03', 0, false)],
      received
    )
    assert.deepEqual(
      first.events
        .filter((event) => event.code === 'OUT_OF_HOURS')
        .map((event) => [
          DateTime.fromJSDate(event.time).setZone(ZONE).toFormat('HH:mm'),
          event.state,
        ]),
      [
        ['10:01', 'A'],
        ['10:03', 'F'],
      ]
    )
    assert.isFalse(first.state.outOfHours)
    assert.equal(lookups, 4, 'one in-memory lookup per position, no query')

    // Moving on into the next frame: the state carries over, no second A.
    const second = enrich(device, first.state, [at('11:00', 40), at('11:01', 40)], received)
    assert.deepEqual(
      second.events.filter((e) => e.code === 'OUT_OF_HOURS').map((e) => e.state),
      ['A']
    )
    const third = enrich(device, second.state, [at('11:02', 40)], received)
    assert.lengthOf(
      third.events.filter((e) => e.code === 'OUT_OF_HOURS'),
      0
    )
    assert.isTrue(third.state.outOfHours)

    // A company without working hours never raises it.
    const none = createEnricher([
      ...defaultHandlers(),
      outOfHoursHandler(() => ({ hours: null, zone: ZONE })),
    ])
    const free = none(device, initialLiveState(), [at('10:01', 40), at('10:02', 40)], received)
    assert.lengthOf(
      free.events.filter((e) => e.code === 'OUT_OF_HOURS'),
      0
    )
  })
})
