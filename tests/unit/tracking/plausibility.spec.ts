import { test } from '@japa/runner'
import {
  judgeFix,
  judgeOdometer,
  newOdometerState,
  type Fix,
  type GpsFilterState,
} from '#tracking/pipeline/plausibility'

const start = new Date('2026-03-02T08:00:00Z')
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
const fix = (
  latitude: number,
  longitude: number,
  minutes: number,
  extra: Partial<Fix> = {}
): Fix => ({
  latitude,
  longitude,
  fixTime: minutesLater(minutes),
  valid: true,
  satellites: 9,
  ...extra,
})

test.group('GPS plausibility', () => {
  test('flags invalid, 0,0 and few-satellite fixes without moving the reference', ({ assert }) => {
    const state: GpsFilterState = { lastGood: null }
    assert.deepEqual(judgeFix(state, fix(41.0, 29.0, 0)), [])
    assert.deepEqual(judgeFix(state, fix(41.0, 29.0, 1, { valid: false })), ['invalid'])
    assert.deepEqual(judgeFix(state, fix(0, 0, 2)), ['null_island'])
    assert.deepEqual(judgeFix(state, fix(41.0, 29.0, 3, { satellites: 2 })), ['few_satellites'])
    assert.equal(state.lastGood?.fixTime.getTime(), start.getTime())
  })

  test('a cold-start jump thousands of km away is flagged and good fixes continue', ({
    assert,
  }) => {
    const state: GpsFilterState = { lastGood: null }
    judgeFix(state, fix(41.0, 29.0, 0))
    assert.deepEqual(judgeFix(state, fix(51.5, -0.1, 1)), ['speed_jump'])
    assert.deepEqual(judgeFix(state, fix(41.01, 29.0, 2)), [])
  })
})

test.group('Odometer plausibility', () => {
  test('a one-reading zero is ignored and the cleaned odometer does not jump', ({ assert }) => {
    const state = newOdometerState()
    judgeOdometer(state, { km: 283_849, at: minutesLater(0) })
    const zero = judgeOdometer(state, { km: 0, at: minutesLater(1) })
    assert.equal(zero.flag, 'zero_after_nonzero')
    assert.equal(zero.cleanedKm, 283_849)
    const next = judgeOdometer(state, { km: 283_850, at: minutesLater(2) })
    assert.isNull(next.flag)
    assert.equal(next.cleanedKm, 283_850)
  })

  test('a lasting reset becomes the new base and real driving counts from it', ({ assert }) => {
    const state = newOdometerState()
    judgeOdometer(state, { km: 50_000, at: minutesLater(0) })
    judgeOdometer(state, { km: 0, at: minutesLater(1) })
    judgeOdometer(state, { km: 1, at: minutesLater(2) })
    const third = judgeOdometer(state, { km: 2, at: minutesLater(3) })
    assert.isTrue(third.rebased)
    assert.equal(third.cleanedKm, 50_002)
    const driving = judgeOdometer(state, { km: 12, at: minutesLater(13) })
    assert.isNull(driving.flag)
    assert.equal(driving.cleanedKm, 50_012)
  })

  test('a step no vehicle could drive is flagged', ({ assert }) => {
    const state = newOdometerState()
    judgeOdometer(state, { km: 1000, at: minutesLater(0) })
    assert.equal(judgeOdometer(state, { km: 1500, at: minutesLater(10) }).flag, 'impossible_step')
    assert.equal(judgeOdometer(state, { km: 990, at: minutesLater(11) }).flag, 'backwards')
  })
})
