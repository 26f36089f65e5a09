import { test } from '@japa/runner'
import { isAlarm } from '#queries/live/alarm_codes'
import { isAlarmEvent } from '../../../inertia/components/cards/alarm_codes.js'

const cases: [string, 'A' | 'F' | null, boolean][] = [
  ['A101', null, true],
  ['A113', null, true],
  ['A140', null, true],
  ['LVR', null, true],
  ['HVR', null, true],
  ['LVS', null, true],
  ['HSR', null, false],
  ['NOV', null, false],
  ['105', 'A', true],
  ['105', 'F', false],
  ['106', 'A', true],
  ['107', 'A', true],
  ['100', 'A', false],
  ['101', 'A', false],
  ['CONNECTION', null, false],
  ['DISCONNECTED', null, false],
]

test.group('Alarm codes', () => {
  test('the server and the pages agree on which events are alarms', ({ assert }) => {
    for (const [code, state, expected] of cases) {
      assert.equal(isAlarm(code, state), expected, `${code} ${state}`)
      assert.equal(isAlarmEvent(code, state), expected, `${code} ${state} (pages)`)
    }
  })
})
