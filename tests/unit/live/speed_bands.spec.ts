import { test } from '@japa/runner'
import {
  GAP_COLOR,
  speedBandOf,
  speedBands,
  speedSegments,
} from '../../../inertia/components/map/speed_bands.js'
import type { TrackPoint } from '../../../inertia/components/map/types.js'

const point = (second: number, speed: number, lat = 41 + second / 1000): TrackPoint => [
  second * 1000,
  lat,
  29,
  speed,
  0,
]

test.group('Speed bands', () => {
  test('each speed falls in one band: lower bound included, upper excluded', ({ assert }) => {
    assert.equal(speedBandOf(0), 0)
    assert.equal(speedBandOf(29.9), 0)
    assert.equal(speedBandOf(30), 1)
    assert.equal(speedBandOf(59), 1)
    assert.equal(speedBandOf(60), 2)
    assert.equal(speedBandOf(90), 3)
    assert.equal(speedBandOf(119), 3)
    assert.equal(speedBandOf(120), 4)
    assert.equal(speedBandOf(250), 4)
    assert.equal(speedBandOf(-3), 0)
    assert.equal(speedBands.length, 5)
  })

  test('a track becomes one polyline per run of one band, continuous at the joins', ({
    assert,
  }) => {
    const track = [
      point(0, 0),
      point(10, 20),
      point(20, 25),
      point(30, 70),
      point(40, 75),
      point(50, 20),
    ]
    const segments = speedSegments(track)
    assert.deepEqual(
      segments.map((segment) => [segment.band, segment.positions.length]),
      [
        [0, 3],
        [2, 3],
        [0, 2],
      ]
    )
    assert.equal(segments[0].color, speedBands[0].color)
    assert.equal(segments[1].color, speedBands[2].color)
    // Each polyline starts where the previous one ended.
    assert.deepEqual(segments[1].positions[0], segments[0].positions.at(-1))
    assert.deepEqual(segments[2].positions[0], segments[1].positions.at(-1))
  })

  test('a long silence is drawn as a gap', ({ assert }) => {
    const track = [point(0, 50), point(10, 50), point(10 + 20 * 60, 50), point(20 + 20 * 60, 50)]
    const segments = speedSegments(track)
    assert.deepEqual(
      segments.map((segment) => segment.band),
      [1, -1, 1]
    )
    assert.equal(segments[1].color, GAP_COLOR)
  })

  test('fewer than two points make no line', ({ assert }) => {
    assert.deepEqual(speedSegments([]), [])
    assert.deepEqual(speedSegments([point(0, 10)]), [])
  })
})
