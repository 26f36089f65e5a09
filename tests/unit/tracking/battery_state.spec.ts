import { test } from '@japa/runner'
import {
  BATTERY_STATE_TABLE,
  batteryStateEvent,
  classifyBatteryState,
} from '#tracking/events/battery_state'
import type { Position } from '#tracking/position'

/** [voltage, ignition, expected] at and around every threshold. */
const CASES_12V: Array<[number, boolean, string]> = [
  [14.81, true, 'HVR'],
  [14.8, true, 'HSR'],
  [13.2, true, 'HSR'],
  [13.19, true, 'LVR'],
  [0, true, 'LVR'],
  [12.4, false, 'HSO'],
  [15.5, false, 'HSO'],
  [12.39, false, 'NSC'],
  [12.0, false, 'NSC'],
  [11.99, false, 'LVS'],
  [0, false, 'LVS'],
  [18, false, 'HSO'],
]

const CASES_24V: Array<[number, boolean, string]> = [
  [29.61, true, 'HVR'],
  [29.6, true, 'HSR'],
  [26.4, true, 'HSR'],
  [26.39, true, 'LVR'],
  [18.01, true, 'LVR'],
  [24.8, false, 'HSO'],
  [24.79, false, 'NSC'],
  [24.0, false, 'NSC'],
  [23.99, false, 'LVS'],
  [40, false, 'HSO'],
  [40, true, 'HVR'],
]

test.group('Battery state | thresholds', () => {
  for (const [voltage, ignition, expected] of [...CASES_12V, ...CASES_24V]) {
    test(`${voltage} V, engine ${ignition ? 'running' : 'off'} -> ${expected}`, ({ assert }) => {
      assert.equal(classifyBatteryState(voltage, ignition), expected)
    })
  }

  test('no voltage data is NOV', ({ assert }) => {
    assert.equal(classifyBatteryState(undefined, true), 'NOV')
    assert.equal(classifyBatteryState(null, false), 'NOV')
  })

  test('non-numeric or out-of-range voltages are INV', ({ assert }) => {
    for (const value of ['12.6', Number.NaN, Number.POSITIVE_INFINITY, -0.01, 40.01, true, {}]) {
      assert.equal(classifyBatteryState(value, true), 'INV', String(value))
    }
  })

  test('unknown ignition reads as engine off', ({ assert }) => {
    assert.equal(classifyBatteryState(12.2, undefined), 'NSC')
  })

  test('every code in the table is reachable', ({ assert }) => {
    const seen = new Set([...CASES_12V, ...CASES_24V].map(([, , code]) => code))
    for (const row of BATTERY_STATE_TABLE) assert.isTrue(seen.has(row.code), row.code)
  })
})

test.group('Battery state | events', () => {
  const position = (power: number | undefined, ignition: boolean): Position => ({
    imei: '1',
    fixTime: new Date('2025-01-01T00:00:00Z'),
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
    altitude: 0,
    satellites: 0,
    valid: false,
    attributes: power === undefined ? { ignition } : { power, ignition },
  })

  test('fires on the first position and on a change of state only', ({ assert }) => {
    assert.deepEqual(batteryStateEvent(undefined, position(12.6, false)), {
      code: 'HSO',
      fixTime: new Date('2025-01-01T00:00:00Z'),
      attributes: { power: 12.6 },
    })
    assert.isNull(batteryStateEvent({ power: 12.5, ignition: false }, position(12.6, false)))
    assert.equal(
      batteryStateEvent({ power: 12.6, ignition: false }, position(13.9, true))?.code,
      'HSR'
    )
    assert.equal(
      batteryStateEvent({ power: 13.9, ignition: true }, position(undefined, true))?.code,
      'NOV'
    )
  })
})
