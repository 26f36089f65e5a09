import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { MapContainer, Marker, Polyline, Tooltip, ZoomControl, useMap } from 'react-leaflet'
import { ClusteredPins, PinToggles } from '~/components/map/history_pins'
import { useI18n } from '~/lib/i18n'
import type { PlaybackPosition } from '~/components/map/playback'
import { speedSegments } from '~/components/map/speed_bands'
import { BaseTiles } from '~/components/map/tile_layer'
import { BuildingsLayer } from '~/components/settings/buildings_layer'
import { GeofenceOverlay } from '~/components/geofences/geofence_overlay'
import type {
  HistoryAlarm,
  HistoryStop,
  MapLayerName,
  MapSettings,
  TrackPoint,
} from '~/components/map/types'

export interface HistoryMapViewProps {
  settings: MapSettings
  layer: MapLayerName
  points: TrackPoint[]
  stops: HistoryStop[]
  alarms: HistoryAlarm[]
  cursor: PlaybackPosition | null
  /** Bumped with the bounds to show ([[south, west], [north, east]]). */
  focus: { bounds: [[number, number], [number, number]]; request: number } | null
  labels: {
    start: string
    end: string
    stop: (stop: HistoryStop) => string
    alarm: (alarm: HistoryAlarm) => string
  }
  onSeek: (time: number) => void
}

const pinIcon = (html: string, size = 22) =>
  L.divIcon({ className: 'ft-pin', html, iconSize: [size, size], iconAnchor: [size / 2, size / 2] })

const startIcon = pinIcon(
  '<span class="flex size-[22px] items-center justify-center rounded-full border-2 border-white bg-green-600 text-[10px] font-bold text-white shadow">A</span>'
)
const endIcon = pinIcon(
  '<span class="flex size-[22px] items-center justify-center rounded-full border-2 border-white bg-slate-800 text-[10px] font-bold text-white shadow">B</span>'
)
const stopIcon = pinIcon(
  '<span data-testid="history-pin-stop" class="flex size-5 items-center justify-center rounded-md border-2 border-white bg-blue-600 text-[10px] font-bold text-white shadow">P</span>',
  20
)
const alarmIcon = pinIcon(
  '<span data-testid="history-pin-alarm" class="flex size-[18px] items-center justify-center rounded-full border-2 border-white bg-red-600 text-[10px] font-bold text-white shadow">!</span>',
  18
)

function cursorHtml(course: number) {
  return `<span data-testid="playback-cursor" class="flex size-7 items-center justify-center rounded-full border-2 border-white bg-brand-600 shadow-lg ring-4 ring-brand-500/30"><svg viewBox="0 0 24 24" class="size-4" style="transform:rotate(${Math.round(course)}deg)" aria-hidden="true"><path d="M12 3 19 20 12 16 5 20Z" fill="#fff"/></svg></span>`
}

/** The track as polylines coloured by speed: drawn once per track, on a canvas. */
const Track = memo(function TrackLines({ points }: { points: TrackPoint[] }) {
  const segments = useMemo(() => speedSegments(points), [points])
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), [])
  return (
    <>
      {segments.map((segment, index) => (
        <Polyline
          key={index}
          positions={segment.positions}
          pathOptions={{
            color: segment.color,
            weight: segment.band === -1 ? 3 : 5,
            opacity: 0.9,
            dashArray: segment.band === -1 ? '6 8' : undefined,
            renderer,
            interactive: false,
          }}
        />
      ))}
    </>
  )
})

/** The playback cursor, moved in place on every frame. */
function Cursor({ cursor }: { cursor: PlaybackPosition | null }) {
  const map = useMap()
  const marker = useRef<L.Marker | null>(null)
  const course = useRef<number | null>(null)

  useEffect(() => {
    return () => {
      marker.current?.remove()
      marker.current = null
    }
  }, [map])

  useEffect(() => {
    if (!cursor) {
      marker.current?.remove()
      marker.current = null
      return
    }
    const roundedCourse = Math.round(cursor.course / 5) * 5
    if (!marker.current) {
      marker.current = L.marker([cursor.lat, cursor.lon], {
        icon: pinIcon(cursorHtml(roundedCourse), 28),
        zIndexOffset: 2000,
        interactive: false,
        keyboard: false,
      }).addTo(map)
      course.current = roundedCourse
    } else {
      marker.current.setLatLng([cursor.lat, cursor.lon])
      if (course.current !== roundedCourse) {
        course.current = roundedCourse
        marker.current.setIcon(pinIcon(cursorHtml(roundedCourse), 28))
      }
    }
    const element = marker.current.getElement()
    if (element) {
      element.dataset.lat = cursor.lat.toFixed(6)
      element.dataset.lon = cursor.lon.toFixed(6)
      element.dataset.time = String(Math.round(cursor.time))
    }
  }, [map, cursor])

  return null
}

function FitBounds({
  points,
  focus,
}: {
  points: TrackPoint[]
  focus: HistoryMapViewProps['focus']
}) {
  const map = useMap()
  useEffect(() => {
    if (points.length === 0) return
    const bounds = L.latLngBounds(points.map((point) => [point[1], point[2]]))
    // The box may have been laid out after the map was created.
    map.invalidateSize()
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16, animate: false })
  }, [map, points])
  useEffect(() => {
    if (focus) map.flyToBounds(focus.bounds, { padding: [48, 48], maxZoom: 16, duration: 0.6 })
  }, [map, focus])
  return null
}

/** Start, end, parking and alarm pins: drawn once per track, not on every playback frame. */
const Pins = memo(function TrackPins({
  points,
  stops,
  alarms,
  labels,
  onSeek,
  show,
}: Pick<HistoryMapViewProps, 'points' | 'stops' | 'alarms' | 'labels' | 'onSeek'> & {
  show: { alarms: boolean; stops: boolean }
}) {
  const first = points[0]
  const last = points[points.length - 1]
  const stopPins = useMemo(
    () =>
      stops.map((stop) => ({
        id: stop.id,
        lat: stop.lat,
        lon: stop.lon,
        time: new Date(stop.startTime).getTime(),
        stop,
      })),
    [stops]
  )
  const alarmPins = useMemo(
    () =>
      alarms.flatMap((alarm) =>
        alarm.lat === null || alarm.lon === null
          ? []
          : [
              {
                id: alarm.id,
                lat: alarm.lat,
                lon: alarm.lon,
                time: new Date(alarm.time).getTime(),
                alarm,
              },
            ]
      ),
    [alarms]
  )
  return (
    <>
      {show.stops && (
        <ClusteredPins
          pins={stopPins}
          icon={stopIcon}
          colour="bg-blue-600"
          label={(pin) => labels.stop(pin.stop)}
          onSeek={onSeek}
        />
      )}
      {show.alarms && (
        <ClusteredPins
          pins={alarmPins}
          icon={alarmIcon}
          colour="bg-red-600"
          label={(pin) => labels.alarm(pin.alarm)}
          onSeek={onSeek}
        />
      )}
      {first && (
        <Marker position={[first[1], first[2]]} icon={startIcon} zIndexOffset={1500}>
          <Tooltip direction="top" offset={[0, -11]}>
            {labels.start}
          </Tooltip>
        </Marker>
      )}
      {last && points.length > 1 && (
        <Marker position={[last[1], last[2]]} icon={endIcon} zIndexOffset={1500}>
          <Tooltip direction="top" offset={[0, -11]}>
            {labels.end}
          </Tooltip>
        </Marker>
      )}
    </>
  )
})

/** The history map (Leaflet): loaded in the browser only, see HistoryMap. */
export default function HistoryMapView(props: HistoryMapViewProps) {
  const { t } = useI18n()
  const [show, setShow] = useState({ alarms: true, stops: true })
  return (
    <MapContainer
      center={props.settings.center}
      zoom={props.settings.zoom}
      zoomControl={false}
      className="size-full bg-slate-100"
    >
      <BaseTiles settings={props.settings} layer={props.layer} />
      <GeofenceOverlay />
      <ZoomControl position="bottomright" />
      <Track points={props.points} />
      <Pins
        points={props.points}
        stops={props.stops}
        alarms={props.alarms}
        labels={props.labels}
        onSeek={props.onSeek}
        show={show}
      />
      <PinToggles
        items={[
          {
            key: 'alarms',
            label: t('live.history.alarms'),
            checked: show.alarms,
            onChange: (alarms) => setShow((current) => ({ ...current, alarms })),
          },
          {
            key: 'stops',
            label: t('live.history.stops'),
            checked: show.stops,
            onChange: (stops) => setShow((current) => ({ ...current, stops })),
          },
        ]}
      />
      <Cursor cursor={props.cursor} />
      <FitBounds points={props.points} focus={props.focus} />
      <BuildingsLayer />
    </MapContainer>
  )
}
