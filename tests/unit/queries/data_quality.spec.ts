import { test } from '@japa/runner'
import { changesPerDay, impliedSpeed, isFlapping, summarize } from '#queries/fleet/data_quality'
import { distanceSourceOf } from '#queries/fleet/distance_source'

const from = new Date('2026-03-01T00:00:00Z')
const to = new Date('2026-03-08T00:00:00Z')

test.group('Data quality rules', () => {
  test('a sensor flaps when its state changes more often a day than the limit', ({ assert }) => {
    assert.equal(changesPerDay(70, from, to), 10)
    assert.isFalse(isFlapping(84, from, to, 12))
    assert.isTrue(isFlapping(85, from, to, 12))
    // 8,315 battery changes in a month: far beyond
    assert.isTrue(isFlapping(8315, from, new Date('2026-03-31T00:00:00Z'), 12))
  })

  test('the speed a GPS jump implies', ({ assert }) => {
    assert.equal(impliedSpeed(222.4, 60), 13344)
    assert.equal(impliedSpeed(1, 3600), 1)
    assert.isNull(impliedSpeed(null, 60))
    assert.isNull(impliedSpeed(5, null))
    assert.equal(impliedSpeed(5, 0), Infinity)
  })

  test('one row per vehicle, resets counted from the rebased flag', ({ assert }) => {
    const rows = summarize(
      [
        { id: 1, name: 'A', plate: '34 A 1' },
        { id: 2, name: 'B', plate: null },
      ],
      {
        positions: new Map([[1, 100]]),
        gaps: new Map([[1, { count: 2, longest: 5400 }]]),
        flags: new Map([[1, { 'odometer:rebased': 1, 'gps:speed_jump': 3 }]]),
        rejected: new Map([[1, 3]]),
        flapping: new Map([[1, 1]]),
      }
    )
    assert.deepEqual(rows[0], {
      deviceId: 1,
      vehicle: 'A',
      plate: '34 A 1',
      positions: 100,
      gaps: 2,
      longestGapSeconds: 5400,
      rejected: 3,
      flags: { 'odometer:rebased': 1, 'gps:speed_jump': 3 },
      resets: 1,
      flapping: 1,
    })
    assert.deepEqual(rows[1], {
      deviceId: 2,
      vehicle: 'B',
      plate: null,
      positions: 0,
      gaps: 0,
      longestGapSeconds: 0,
      rejected: 0,
      flags: {},
      resets: 0,
      flapping: 0,
    })
  })

  test('distance from the odometer only when the tracker reports a trusted one', ({ assert }) => {
    assert.equal(
      distanceSourceOf({ positions: 0, withDeviceOdometer: 0, rejectedOdometer: 0 }),
      'gps'
    )
    assert.equal(
      distanceSourceOf({ positions: 500, withDeviceOdometer: 500, rejectedOdometer: 2 }),
      'odometer'
    )
    // Too few fixes carry it (an OsmAnd phone that sends it now and then)
    assert.equal(
      distanceSourceOf({ positions: 500, withDeviceOdometer: 300, rejectedOdometer: 0 }),
      'gps'
    )
    // Too many of its readings rejected (zeros, steps backwards)
    assert.equal(
      distanceSourceOf({ positions: 500, withDeviceOdometer: 500, rejectedOdometer: 40 }),
      'gps'
    )
  })
})
