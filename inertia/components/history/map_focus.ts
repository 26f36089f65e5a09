import { useCallback, useState } from 'react'
import type { HistoryMapViewProps } from '~/components/map/history_map_view'
import type { HistoryTrip, TrackPoint } from '~/components/map/types'

/** The map area to fly to; each call to fitTo asks again, even for the same bounds. */
export function useMapFocus() {
  const [focus, setFocus] = useState<HistoryMapViewProps['focus']>(null)
  const fitTo = useCallback((positions: [number, number][]) => {
    if (positions.length === 0) return
    const lats = positions.map((position) => position[0])
    const lons = positions.map((position) => position[1])
    setFocus((current) => ({
      bounds: [
        [Math.min(...lats), Math.min(...lons)],
        [Math.max(...lats), Math.max(...lons)],
      ],
      request: (current?.request ?? 0) + 1,
    }))
  }, [])
  return { focus, fitTo }
}

/** The fixes of a trip, or its start and end when the track holds none of them. */
export function tripPositions(points: TrackPoint[], trip: HistoryTrip): [number, number][] {
  const tripStart = new Date(trip.startTime).getTime()
  const tripEnd = new Date(trip.endTime).getTime()
  const inside = points.filter((point) => point[0] >= tripStart && point[0] <= tripEnd)
  return inside.length > 0
    ? inside.map((point) => [point[1], point[2]])
    : [
        [trip.start.lat, trip.start.lon],
        [trip.end.lat, trip.end.lon],
      ]
}
