import L from 'leaflet'
import { useMemo, useState, type ReactNode } from 'react'
import { Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet'
import { PinClusters, type MapPin } from '~/components/map/pin_clusters'

const clusterIcons = new Map<string, L.DivIcon>()

/** A counted marker: the pins' colour, the number of pins it stands for. */
function clusterIcon(count: number, colour: string) {
  const key = `${colour}:${count}`
  let icon = clusterIcons.get(key)
  if (!icon) {
    const size = count < 10 ? 24 : count < 100 ? 28 : 32
    icon = L.divIcon({
      className: 'ft-pin',
      html: `<span data-testid="history-pin-cluster" class="flex items-center justify-center rounded-full border-2 border-white text-[11px] font-bold text-white shadow ${colour}" style="width:${size}px;height:${size}px">${count}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    })
    clusterIcons.set(key, icon)
  }
  return icon
}

/**
 * Pins of one kind (parkings, alarms) grouped by zoom level: close pins are one counted
 * marker that zooms in when clicked, so dozens of alarms do not hide the track.
 */
export function ClusteredPins<P extends MapPin>({
  pins,
  icon,
  colour,
  label,
  onSeek,
}: {
  pins: P[]
  icon: L.DivIcon
  /** Tailwind background class of the counted marker. */
  colour: string
  label: (pin: P) => ReactNode
  onSeek: (time: number) => void
}) {
  const map = useMap()
  const clusters = useMemo(() => new PinClusters(pins), [pins])
  const [zoom, setZoom] = useState(() => map.getZoom())
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) })
  const groups = useMemo(() => clusters.groups(zoom), [clusters, zoom])
  return (
    <>
      {groups.map((group) =>
        group.kind === 'pin' ? (
          <Marker
            key={`p${group.pin.id}`}
            position={[group.pin.lat, group.pin.lon]}
            icon={icon}
            eventHandlers={{ click: () => onSeek(group.pin.time) }}
          >
            <Tooltip direction="top" offset={[0, -10]}>
              {label(group.pin)}
            </Tooltip>
          </Marker>
        ) : (
          <Marker
            key={`c${group.id}`}
            position={[group.lat, group.lon]}
            icon={clusterIcon(group.count, colour)}
            eventHandlers={{
              click: () =>
                map.flyTo([group.lat, group.lon], clusters.expansionZoom(group.id), {
                  duration: 0.4,
                }),
            }}
          />
        )
      )}
    </>
  )
}

/** The map's switches for alarm and parking pins. */
export function PinToggles({
  items,
}: {
  items: { key: string; label: string; checked: boolean; onChange: (checked: boolean) => void }[]
}) {
  return (
    <div
      data-testid="map-pin-toggles"
      className="absolute top-3 left-3 z-[1000] flex gap-3 rounded-lg bg-white/95 px-3 py-1.5 text-xs text-slate-700 shadow ring-1 ring-slate-900/10"
    >
      {items.map((item) => (
        <label key={item.key} className="inline-flex cursor-pointer items-center gap-1.5">
          <input
            type="checkbox"
            checked={item.checked}
            onChange={(event) => item.onChange(event.target.checked)}
            data-testid={`history-toggle-${item.key}`}
          />
          {item.label}
        </label>
      ))}
    </div>
  )
}
