/**
 * What the data-quality and odometer-correction queries hand to pages (issue 25): declared once,
 * read by the queries in app/queries/fleet and by the components in inertia/components/quality.
 * Type aliases, not interfaces: page props must be assignable to Inertia's serializable props.
 */

export type OdometerCorrectionRow = {
  id: number
  deviceId: number
  vehicle: string
  plate: string | null
  effectiveAt: string
  odometerKm: number
  previousKm: number | null
  offsetKm: number
  note: string | null
  createdBy: string | null
  createdAt: string
  rebuilt: boolean
}

export type VehicleQuality = {
  deviceId: number
  vehicle: string
  plate: string | null
  positions: number
  gaps: number
  longestGapSeconds: number
  rejected: number
  flags: Record<string, number>
  resets: number
  flapping: number
}

export type GapRow = {
  deviceId: number
  vehicle: string
  from: string
  to: string
  seconds: number
  /** The ignition was on at the last fix before the silence. */
  ignitionOn: boolean
}

export type RejectedRow = {
  deviceId: number
  vehicle: string
  time: string
  flags: string[]
  /** The device's raw odometer (km) with this reading and with the one before it. */
  rawOdometerKm: number | null
  previousRawOdometerKm: number | null
  /** Distance (km) from the fix before, and the speed (km/h) it would take. */
  jumpKm: number | null
  impliedSpeedKmh: number | null
  satellites: number | null
}

export type FlappingRow = {
  deviceId: number
  vehicle: string
  code: string
  changes: number
  perDay: number
}

export type DataQuality = {
  vehicles: VehicleQuality[]
  gaps: GapRow[]
  rejected: RejectedRow[]
  resets: RejectedRow[]
  flapping: FlappingRow[]
}

/** The data-quality page's period (ISO days), vehicle and the silence that counts as a gap. */
export type DataQualityFilters = {
  from: string
  to: string
  deviceId: number | null
  gapMinutes: number
}

/** A vehicle of the data-quality and odometer-correction pickers (`vehicleChoices`). */
export type VehicleChoice = { id: number; name: string }
