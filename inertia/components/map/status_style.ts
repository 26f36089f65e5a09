import type { LiveStatus } from '~/components/map/types'

/** Marker and chart colours of the live statuses: moving green, idle amber, stopped blue, offline grey. */
export const statusColors: Record<LiveStatus, string> = {
  moving: '#16a34a',
  idle: '#f59e0b',
  stopped: '#2563eb',
  offline: '#94a3b8',
}

/** Small coloured dot before a status label. */
export const statusDotClasses: Record<LiveStatus, string> = {
  moving: 'bg-green-600',
  idle: 'bg-amber-500',
  stopped: 'bg-blue-600',
  offline: 'bg-slate-400',
}

export const statusBadgeClasses: Record<LiveStatus, string> = {
  moving: 'bg-green-50 text-green-800 ring-green-600/25',
  idle: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  stopped: 'bg-blue-50 text-blue-800 ring-blue-600/25',
  offline: 'bg-slate-100 text-slate-600 ring-slate-500/20',
}
