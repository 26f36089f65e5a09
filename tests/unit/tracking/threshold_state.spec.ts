import { test } from '@japa/runner'
import {
  judgeOverspeed,
  judgeTemperature,
  judgeThresholdState,
  newDebouncedState,
  type OverspeedState,
  type TemperatureState,
} from '#tracking/pipeline/threshold_state'
import { judgeBatteryState } from '#tracking/pipeline/battery_filter'
import type { BatteryStateCode } from '#tracking/events/battery_state'

const seconds = (value: number) => value * 1000

/** Two states around one threshold, with a margin and a dwell. */
function lowNormal(value: number) {
  return (offset: number) => (value + offset < 11.5 ? 'low' : 'normal')
}

test.group('Threshold states: hysteresis margin and minimum dwell', () => {
  const rules = { margin: 0.2, minDwellMs: 10 * 60_000 }

  test('the first reading is reported at once', ({ assert }) => {
    const state = newDebouncedState<'low' | 'normal'>()
    assert.equal(judgeThresholdState(state, lowNormal(12.4), 0, rules), 'normal')
    assert.equal(state.confirmed, 'normal')
  })

  test('a value hovering on the threshold all night makes no change', ({ assert }) => {
    const state = newDebouncedState<'low' | 'normal'>('normal')
    const changes = []
    for (let minute = 0; minute < 600; minute++) {
      const value = minute % 2 === 0 ? 11.4 : 11.6
      const change = judgeThresholdState(state, lowNormal(value), minute * 60_000, rules)
      if (change) changes.push(change)
    }
    assert.deepEqual(changes, [])
  })

  test('a lasting change counts once, after the minimum dwell', ({ assert }) => {
    const state = newDebouncedState<'low' | 'normal'>('normal')
    const changes: [number, string][] = []
    for (let minute = 1; minute <= 30; minute++) {
      const change = judgeThresholdState(state, lowNormal(11.0), minute * 60_000, rules)
      if (change) changes.push([minute, change])
    }
    assert.deepEqual(changes, [[11, 'low']])
  })

  test('a reading back beyond the margin cancels a waiting change', ({ assert }) => {
    const state = newDebouncedState<'low' | 'normal'>('normal')
    judgeThresholdState(state, lowNormal(11.0), 0, rules)
    assert.equal(state.pending?.state, 'low')
    judgeThresholdState(state, lowNormal(12.0), 60_000, rules)
    assert.isNull(state.pending)
    assert.isNull(judgeThresholdState(state, lowNormal(11.0), 11 * 60_000, rules))
  })

  test('a reading within the margin of the waiting state does not restart the wait', ({
    assert,
  }) => {
    const state = newDebouncedState<'low' | 'normal'>('normal')
    judgeThresholdState(state, lowNormal(11.2), 0, rules)
    judgeThresholdState(state, lowNormal(11.6), 5 * 60_000, rules)
    assert.equal(state.pending?.since, 0)
    assert.equal(judgeThresholdState(state, lowNormal(11.2), 10 * 60_000, rules), 'low')
  })

  test('immediate changes count at once; margins and dwells may differ per change', ({
    assert,
  }) => {
    const state = newDebouncedState<'low' | 'normal'>('normal')
    const immediate = judgeThresholdState(state, lowNormal(11.0), 0, {
      ...rules,
      immediate: (_from, to) => to === 'low',
    })
    assert.equal(immediate, 'low')
    const perChange = {
      margin: (from: string) => (from === 'low' ? 1 : 0),
      minDwellMs: 0,
    }
    // Back to normal needs 12.5 (threshold 11.5 plus the margin of 1 for leaving 'low').
    assert.isNull(judgeThresholdState(state, lowNormal(12.4), 1, perChange))
    assert.equal(judgeThresholdState(state, lowNormal(12.6), 2, perChange), 'normal')
  })

  test('battery states use the same mechanism: a voltage on 12.4 V all night stays put', ({
    assert,
  }) => {
    const state = newDebouncedState<BatteryStateCode>()
    const changes = []
    for (let minute = 0; minute < 600; minute++) {
      const power = minute % 2 ? 12.38 : 12.42
      const change = judgeBatteryState(state, { power, ignition: false }, minute * 60_000)
      if (change) changes.push(change)
    }
    assert.lengthOf(changes, 1, 'only the first reading')
  })
})

test.group('Threshold states: overspeed', () => {
  test('a vehicle hovering at 104–106 km/h around a 105 limit makes one episode', ({ assert }) => {
    const state = newDebouncedState<OverspeedState>('under')
    const changes: string[] = []
    const speeds = [
      90,
      100,
      ...Array.from({ length: 60 }, (_, i) => (i % 2 ? 104 : 106)),
      95,
      90,
      90,
      90,
      90,
    ]
    speeds.forEach((speed, index) => {
      const change = judgeOverspeed(state, speed, 105, seconds(index * 10))
      if (change) changes.push(change)
    })
    assert.deepEqual(changes, ['over', 'under'])
  })

  test('over the limit counts at once; under it only 3 km/h below for 30 s', ({ assert }) => {
    const state = newDebouncedState<OverspeedState>('under')
    assert.equal(judgeOverspeed(state, 110, 105, 0), 'over')
    assert.isNull(judgeOverspeed(state, 101, 105, seconds(10)))
    assert.isNull(judgeOverspeed(state, 101, 105, seconds(30)))
    assert.equal(judgeOverspeed(state, 100, 105, seconds(40)), 'under')
  })

  test('a speed back over the limit cancels the end of the episode', ({ assert }) => {
    const state = newDebouncedState<OverspeedState>('over')
    judgeOverspeed(state, 95, 105, 0)
    judgeOverspeed(state, 108, 105, seconds(20))
    assert.isNull(judgeOverspeed(state, 95, 105, seconds(40)))
    assert.equal(judgeOverspeed(state, 95, 105, seconds(70)), 'under')
  })

  test('no limit or no speed ends an episode at once', ({ assert }) => {
    const state = newDebouncedState<OverspeedState>('over')
    assert.equal(judgeOverspeed(state, null, 105, 0), 'under')
    assert.isNull(judgeOverspeed(state, 150, null, 1))
  })
})

test.group('Threshold states: temperature range', () => {
  const range = { min: 2, max: 8 }

  test('a reading hovering at the upper limit makes one alarm', ({ assert }) => {
    const state = newDebouncedState<TemperatureState>('normal')
    const changes: [number, string][] = []
    for (let minute = 0; minute < 120; minute++) {
      const value = minute < 10 ? 5 : minute % 2 ? 7.9 : 8.1
      const change = judgeTemperature(state, value, range, minute * 60_000)
      if (change) changes.push([minute, change])
    }
    // Out of range from minute 10; counted 2 minutes later, at a reading over the limit.
    assert.deepEqual(changes, [[12, 'high']])
  })

  test('back in range takes 0.5 °C inside it for 2 minutes', ({ assert }) => {
    const state = newDebouncedState<TemperatureState>('high')
    assert.isNull(judgeTemperature(state, 7.6, range, 0))
    assert.isNull(judgeTemperature(state, 7.6, range, 5 * 60_000))
    assert.isNull(judgeTemperature(state, 7.4, range, 6 * 60_000))
    assert.equal(judgeTemperature(state, 7.4, range, 8 * 60_000), 'normal')
  })

  test('a single reading out of range is no alarm; below the minimum is', ({ assert }) => {
    const state = newDebouncedState<TemperatureState>('normal')
    assert.isNull(judgeTemperature(state, 9, range, 0))
    assert.isNull(judgeTemperature(state, 5, range, 60_000))
    assert.isNull(judgeTemperature(state, 9, range, 3 * 60_000))
    assert.isNull(judgeTemperature(state, 1, range, 10 * 60_000))
    assert.equal(judgeTemperature(state, 1, range, 12 * 60_000), 'low')
    // Straight from below the range to above it counts at once.
    assert.equal(judgeTemperature(state, 12, range, 13 * 60_000), 'high')
  })
})
