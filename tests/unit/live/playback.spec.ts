import { test } from '@japa/runner'
import { indexAtTime, positionAtTime } from '../../../inertia/components/map/playback.js'
import type { TrackPoint } from '../../../inertia/components/map/types.js'

const track: TrackPoint[] = [
  [1000, 41.0, 29.0, 0, 0],
  [2000, 41.1, 29.2, 40, 45],
  [4000, 41.3, 29.2, 80, 0],
]

test.group('Playback', () => {
  test('finds the last fix at or before a time', ({ assert }) => {
    assert.equal(indexAtTime(track, 0), 0)
    assert.equal(indexAtTime(track, 1000), 0)
    assert.equal(indexAtTime(track, 1999), 0)
    assert.equal(indexAtTime(track, 2000), 1)
    assert.equal(indexAtTime(track, 3999), 1)
    assert.equal(indexAtTime(track, 9000), 2)
    assert.equal(indexAtTime([], 5), 0)
  })

  test('places the vehicle between its two fixes', ({ assert }) => {
    const halfway = positionAtTime(track, 3000)!
    assert.closeTo(halfway.lat, 41.2, 1e-9)
    assert.closeTo(halfway.lon, 29.2, 1e-9)
    assert.equal(halfway.speed, 60)
    assert.equal(halfway.index, 1)
    assert.deepEqual(positionAtTime(track, 5000), {
      time: 5000,
      lat: 41.3,
      lon: 29.2,
      speed: 80,
      course: 0,
      index: 2,
    })
    assert.isNull(positionAtTime([], 0))
  })
})
