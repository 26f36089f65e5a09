/**
 * Per-company tracking parameters (companies.tracking_settings), with defaults
 * compatible with Traccar's: a trip needs 300 s or 500 m of motion, a stop needs
 * 300 s without motion. A vehicle goes offline after 10 minutes of silence.
 */
export interface TrackingSettings {
  minTripSeconds: number
  minTripMeters: number
  minParkingSeconds: number
  /** Idle-time reports count engine-on standstills from this long (spec §9: 5 minutes). */
  idleThresholdSeconds: number
  /** Below this speed a vehicle is standing (GPS drift makes a parked tracker report a few km/h). */
  movingSpeedKmh: number
  offlineAfterSeconds: number
  /**
   * A fix that needs more than this speed from the last good one, or an odometer step faster than
   * it, is judged implausible (docs/plausibility.md). Env fallback TRACKER_MAX_PLAUSIBLE_SPEED_KMH.
   */
  maxPlausibleSpeedKmh: number
  /**
   * The range of the temperature sensors (°C; either end may be absent): a reading outside it
   * raises TEMPERATURE A, back inside F, debounced (docs/plausibility.md). None: no alarm.
   */
  temperatureMinC?: number | null
  temperatureMaxC?: number | null
}

/** The temperature-range keys (may be negative: a freezer's range is below 0 °C). */
const TEMPERATURE_KEYS = ['temperatureMinC', 'temperatureMaxC'] as const

const envMaxSpeed = Number(process.env.TRACKER_MAX_PLAUSIBLE_SPEED_KMH)

export const DEFAULT_TRACKING_SETTINGS: TrackingSettings = {
  minTripSeconds: 300,
  minTripMeters: 500,
  minParkingSeconds: 300,
  idleThresholdSeconds: 300,
  movingSpeedKmh: 5,
  offlineAfterSeconds: 600,
  maxPlausibleSpeedKmh: Number.isFinite(envMaxSpeed) && envMaxSpeed > 0 ? envMaxSpeed : 300,
  temperatureMinC: null,
  temperatureMaxC: null,
}

export function trackingSettings(stored: unknown): TrackingSettings {
  const settings = { ...DEFAULT_TRACKING_SETTINGS }
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(settings) as (keyof TrackingSettings)[]) {
      const value = (stored as Record<string, unknown>)[key]
      if ((TEMPERATURE_KEYS as readonly string[]).includes(key)) {
        if (typeof value === 'number' && Number.isFinite(value)) settings[key] = value
      } else if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
        settings[key] = value
      }
    }
  }
  return settings
}
