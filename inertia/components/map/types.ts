import type { Data } from '~generated/data'
/** What the live and history pages receive from app/controllers/live (see the transformers). */

export { liveStatuses, type LiveStatus } from '#shared/live_tuples'
import type { LiveStatus } from '#shared/live_tuples'

export type { MapLayerName, MapSettings } from '#shared/user_settings'

export type Preferences = {
  timezone: string
  dateFormat: string
}

export type MapVehicle = {
  id: number
  name: string
  plate: string | null
  imei: string
  groupId: number | null
  driver: string | null
  lat: number | null
  lon: number | null
  speed: number
  course: number
  status: LiveStatus
  ignition: boolean | null
  lastSeen: string | null
}

/**
 * How the server sends a MapVehicle: a tuple (app/shared/live_tuples.ts), kept one in the
 * fleet route's generated type (`Data.Live.MapVehicle`).
 */
export type { MapVehicleTuple } from '#shared/live_tuples'

/** A vehicle group the page offers to filter by (app/transformers/fleet/device_group_transformer.ts). */
export type VehicleGroup = Data.Fleet.DeviceGroup

/** [time ms, lat, lon, speed km/h, course] (app/shared/live_tuples.ts). */
export type { TrackPoint } from '#shared/live_tuples'

export type HistoryTrip = {
  id: number
  startTime: string
  endTime: string
  start: { lat: number; lon: number }
  end: { lat: number; lon: number }
  distance: number
  duration: number
  maxSpeed: number
  averageSpeed: number
  idleDuration: number
  /** Where the trip started and ended, by name (docs/geocoding.md). */
  startPlace?: string | null
  endPlace?: string | null
}

export type HistoryStop = {
  id: number
  startTime: string
  endTime: string
  lat: number
  lon: number
  duration: number
  engineOnDuration: number
  /** The place by name (the company's own, a street, or the nearest town). */
  place?: string | null
}

export type HistoryAlarm = {
  id: number
  time: string
  code: string
  state: 'A' | 'F' | null
  lat: number | null
  lon: number | null
  place?: string | null
}
