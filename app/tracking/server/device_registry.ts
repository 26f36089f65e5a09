import type pg from 'pg'
import { trackerProtocols } from '../../shared/fleet_enums.js'
import { trackingSettings, type TrackingSettings } from '../tracking_settings.js'
import type { DeviceContext, TrackerProtocol } from '../pipeline/enrich.js'
import { initialLiveState, type LiveState } from '../pipeline/live_state.js'
import { initialDetectorState } from '../pipeline/trip_detector.js'
import { BatchedLookup } from './batched_lookup.js'
import { sensorStateFrom } from '../pipeline/sensor_rollup.js'
import { plausibilityStateFrom } from '../pipeline/plausibility_state.js'

const DEVICE_TTL_MS = 60_000

/** The protocol names as constants: one string for every device, not one per row read. */
const PROTOCOL_NAMES = new Map<string, TrackerProtocol>(
  trackerProtocols.map((name) => [name, name])
)

interface CachedDevice {
  device: DeviceContext | null
  loadedAt: number
}

/**
 * IMEI -> device lookups for the listener, cached for a minute (a device claimed or
 * edited in the back office is picked up within that time), plus each device's live
 * state, loaded once from device_states and then kept in memory by the pipeline.
 * Unknown IMEIs are recorded in unregistered_devices for an admin to claim.
 */
export class DeviceRegistry {
  private readonly devices = new Map<string, CachedDevice>()
  private readonly states = new Map<number, LiveState>()
  private readonly settings = new Map<number, { text: string; settings: TrackingSettings }>()
  private readonly deviceLookup: BatchedLookup<string, DeviceContext | null>
  private readonly stateLookup: BatchedLookup<number, LiveState>

  constructor(private readonly pool: pg.Pool) {
    this.deviceLookup = new BatchedLookup(
      async (imeis) => {
        const { rows } = await this.pool.query(
          `SELECT d.id, d.company_id, d.imei, d.protocol, d.speed_limit, d.group_id, d.tank_capacity, c.tracking_settings
             FROM devices d JOIN companies c ON c.id = d.company_id
            WHERE d.imei = ANY($1::text[]) AND d.status = 'active'`,
          [imeis]
        )
        return new Map(
          rows.map((row) => [
            row.imei as string,
            {
              id: row.id,
              companyId: row.company_id,
              imei: row.imei,
              protocol: PROTOCOL_NAMES.get(row.protocol) ?? row.protocol,
              speedLimit: row.speed_limit,
              tankCapacity: row.tank_capacity === null ? null : Number(row.tank_capacity),
              settings: this.companySettings(row.company_id, row.tracking_settings),
              groupId: row.group_id ?? null,
            },
          ])
        )
      },
      () => null
    )
    this.stateLookup = new BatchedLookup(
      async (deviceIds) => {
        // The odometer generation with the state, in one statement (one snapshot): the batch
        // writer compares it with the device's at commit.
        const { rows } = await this.pool.query(
          `SELECT s.*, d.id AS generation_device_id, d.odometer_generation
             FROM devices d LEFT JOIN device_states s ON s.device_id = d.id
            WHERE d.id = ANY($1::int[])`,
          [deviceIds]
        )
        return new Map(
          rows.map((row) => [
            row.generation_device_id as number,
            row.device_id === null
              ? { ...initialLiveState(), odometerGeneration: row.odometer_generation }
              : fromRow(row),
          ])
        )
      },
      () => initialLiveState()
    )
  }

  async find(imei: string): Promise<DeviceContext | null> {
    const cached = this.devices.get(imei)
    if (cached && Date.now() - cached.loadedAt < DEVICE_TTL_MS) return cached.device
    const device = await this.deviceLookup.load(imei)
    // Keyed by the device's own IMEI string: the one the login frame gave goes.
    this.devices.set(device?.imei ?? imei, { device, loadedAt: Date.now() })
    return device
  }

  /**
   * A company's tracking settings, one object for all its devices while they stay the same
   * (10,000 devices of a fleet, one copy).
   */
  private companySettings(companyId: number, stored: unknown): TrackingSettings {
    const text = JSON.stringify(stored ?? null)
    const known = this.settings.get(companyId)
    if (known?.text === text) return known.settings
    const settings = trackingSettings(stored)
    this.settings.set(companyId, { text, settings })
    return settings
  }

  async recordUnknown(imei: string, protocol: TrackerProtocol, remoteAddress: string | null) {
    await this.pool.query(
      `INSERT INTO unregistered_devices (imei, protocol, remote_address, attempts, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, 1, now(), now())
       ON CONFLICT (imei) DO UPDATE SET attempts = unregistered_devices.attempts + 1,
         last_seen_at = now(), remote_address = EXCLUDED.remote_address, protocol = EXCLUDED.protocol`,
      [imei.slice(0, 20), protocol, remoteAddress?.slice(0, 64) ?? null]
    )
  }

  async state(device: DeviceContext): Promise<LiveState> {
    const known = this.states.get(device.id)
    if (known) return known
    const state = await this.stateLookup.load(device.id)
    // Another caller may have kept a newer state meanwhile.
    const current = this.states.get(device.id)
    if (current) return current
    this.states.set(device.id, state)
    return state
  }

  /** A device was created, edited, claimed or deleted (the web app NOTIFYs `device_changes`). */
  invalidate(imei?: string) {
    if (imei === undefined) {
      this.devices.clear()
      this.states.clear()
      return
    }
    const device = this.devices.get(imei)?.device
    this.devices.delete(imei)
    if (device) this.states.delete(device.id)
  }

  keep(deviceId: number, state: LiveState) {
    this.states.set(deviceId, state)
  }

  forget(deviceId: number) {
    this.states.delete(deviceId)
  }
}

function fromRow(row: Record<string, any>): LiveState {
  const { overspeed, geofences, outOfHours, sensors, plausibility, ...detector } =
    row.detector ?? {}
  return {
    fixTime: row.fix_time ? new Date(row.fix_time).getTime() : null,
    lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).getTime() : null,
    latitude: row.latitude,
    longitude: row.longitude,
    speed: row.speed,
    course: row.course,
    altitude: row.altitude,
    satellites: row.satellites,
    valid: row.valid,
    liveStatus: row.live_status,
    online: row.online,
    ignition: row.ignition,
    odometer: row.odometer,
    power: row.power,
    battery: row.battery,
    batteryLevel: row.battery_level,
    gsmSignal: row.gsm_signal,
    ipAddress: row.ip_address,
    attributes: row.attributes ?? {},
    detector: detector.mode ? detector : initialDetectorState(),
    overspeed: overspeed === true,
    geofences: Array.isArray(geofences) ? geofences.map(Number) : [],
    outOfHours: outOfHours === true,
    sensors: sensorStateFrom(sensors),
    plausibility: plausibilityStateFrom(plausibility),
    odometerGeneration: row.odometer_generation ?? 0,
  }
}
