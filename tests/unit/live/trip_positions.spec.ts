import { test } from '@japa/runner'
import { tripPositions } from '../../../inertia/components/history/map_focus.js'
import type { HistoryTrip, TrackPoint } from '../../../inertia/components/map/types.js'

const at = (iso: string) => new Date(iso).getTime()

const track: TrackPoint[] = [
  [at('2026-03-01T08:00:00Z'), 41.0, 29.0, 0, 0],
  [at('2026-03-01T08:05:00Z'), 41.1, 29.1, 50, 0],
  [at('2026-03-01T08:10:00Z'), 41.2, 29.2, 60, 0],
  [at('2026-03-01T09:00:00Z'), 41.5, 29.5, 0, 0],
]

const trip = (startTime: string, endTime: string): HistoryTrip => ({
  id: 1,
  startTime,
  endTime,
  start: { lat: 40.0, lon: 28.0 },
  end: { lat: 40.5, lon: 28.5 },
  distance: 1000,
  duration: 600,
  maxSpeed: 60,
  averageSpeed: 40,
  idleDuration: 0,
})

test.group('History: trip positions', () => {
  test('the fixes inside the trip, its ends included', ({ assert }) => {
    assert.deepEqual(tripPositions(track, trip('2026-03-01T08:05:00Z', '2026-03-01T08:10:00Z')), [
      [41.1, 29.1],
      [41.2, 29.2],
    ])
  })

  test('the trip start and end when the track holds none of its fixes', ({ assert }) => {
    assert.deepEqual(tripPositions(track, trip('2026-03-01T10:00:00Z', '2026-03-01T10:30:00Z')), [
      [40.0, 28.0],
      [40.5, 28.5],
    ])
  })
})
