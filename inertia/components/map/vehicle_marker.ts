import type { MapVehicle } from '~/components/map/types'
import { statusColors } from '~/components/map/status_style'

/**
 * The HTML of the live map's markers (Leaflet divIcons). Written as strings: thousands of
 * markers are created and updated without React. Class names are complete literals so that
 * Tailwind finds them.
 */
function escapeHtml(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

const ARROW =
  '<svg viewBox="0 0 24 24" class="size-4" aria-hidden="true"><path d="M12 3 19 20 12 16 5 20Z" fill="#fff"/></svg>'
const PARKED = '<span class="block size-2 rounded-[2px] bg-white"></span>'
const OFFLINE = '<span class="block size-2 rounded-full bg-white"></span>'

export const VEHICLE_MARKER_SIZE = 28

/** What the marker looks like; its HTML is rewritten only when this changes. */
export function vehicleAppearanceKey(vehicle: MapVehicle, selected: boolean) {
  const heading = vehicle.status === 'moving' || vehicle.status === 'idle'
  return `${vehicle.status}|${heading ? Math.round(vehicle.course / 5) * 5 : 0}|${selected ? 1 : 0}|${vehicle.plate ?? vehicle.name}`
}

export function vehicleMarkerHtml(vehicle: MapVehicle, selected: boolean) {
  const color = statusColors[vehicle.status]
  const heading = vehicle.status === 'moving' || vehicle.status === 'idle'
  const glyph = heading
    ? `<span class="flex" style="transform:rotate(${Math.round(vehicle.course / 5) * 5}deg)">${ARROW}</span>`
    : vehicle.status === 'offline'
      ? OFFLINE
      : PARKED
  const ring = selected ? 'ring-4 ring-brand-500/60 scale-110' : 'ring-1 ring-slate-900/10'
  return (
    `<span class="flex size-7 items-center justify-center rounded-full border-2 border-white shadow-md transition-transform ${ring}" style="background:${color}">${glyph}</span>` +
    `<span class="pointer-events-none absolute top-full left-1/2 mt-0.5 hidden -translate-x-1/2 rounded bg-white/95 px-1 text-[10px] leading-4 font-semibold whitespace-nowrap text-slate-800 shadow-sm in-[.ft-labels]:block">${escapeHtml(vehicle.plate ?? vehicle.name)}</span>`
  )
}

export interface ClusterCounts {
  moving: number
  idle: number
  stopped: number
  offline: number
}

/** A cluster: its size as a number in a ring whose arcs are the statuses of its vehicles. */
export function clusterMarker(count: number, counts: ClusterCounts) {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56
  const total = Math.max(1, counts.moving + counts.idle + counts.stopped + counts.offline)
  let start = 0
  const stops: string[] = []
  for (const status of ['moving', 'idle', 'stopped', 'offline'] as const) {
    const end = start + (counts[status] / total) * 100
    if (end > start) stops.push(`${statusColors[status]} ${start.toFixed(2)}% ${end.toFixed(2)}%`)
    start = end
  }
  const inner = size - 12
  const html =
    `<span class="flex items-center justify-center rounded-full shadow-md ring-1 ring-slate-900/10" style="width:${size}px;height:${size}px;background:conic-gradient(${stops.join(',')})">` +
    `<span class="flex items-center justify-center rounded-full bg-white text-xs font-semibold text-slate-800 tabular-nums" style="width:${inner}px;height:${inner}px">${count}</span></span>`
  return { html, size }
}
