import db from '@adonisjs/lucid/services/db'
import type Device from '#models/device'
import type { HistoryRange } from '#services/live/history_range'
import { alarmCondition } from '#queries/live/alarm_codes'

/** The most points the history map draws for one range; longer tracks are cut with a notice. */
export const MAX_TRACK_POINTS = 50_000

export interface TrackRow {
  fix_time: Date
  latitude: number
  longitude: number
  speed: number
  course: number
}

export interface ExportRow extends TrackRow {
  server_time: Date
  altitude: number
  satellites: number
  valid: boolean
  attributes: Record<string, unknown>
}

/**
 * Positions of a device in a range, on the (device_id, fix_time) key. `device` comes from a
 * company-scoped lookup, so the device id alone keeps the read inside the company; adding
 * company_id would tempt the planner onto the (company_id, fix_time) index, which reads every
 * vehicle of the company in the range.
 */
function positionsOf(device: Device, range: HistoryRange) {
  return db
    .from('positions')
    .where('device_id', device.id)
    .where('fix_time', '>=', range.from.toJSDate())
    .where('fix_time', '<', range.to.toJSDate())
}

/** Valid fixes of the range in time order, read on the (device_id, fix_time) key, at most `limit`. */
export async function trackPoints(device: Device, range: HistoryRange, limit = MAX_TRACK_POINTS) {
  const rows: TrackRow[] = await positionsOf(device, range)
    .where('valid', true)
    .orderBy('fix_time', 'asc')
    .limit(limit + 1)
    .select('fix_time', 'latitude', 'longitude', 'speed', 'course')
  const truncated = rows.length > limit
  return { rows: truncated ? rows.slice(0, limit) : rows, truncated }
}

/**
 * The positions of the range in batches, keyset-paginated on fix_time so an export of a month
 * never holds more than one batch in memory.
 */
export async function* positionBatches(
  device: Device,
  range: HistoryRange,
  options: { validOnly: boolean; batchSize?: number }
): AsyncGenerator<ExportRow[]> {
  const batchSize = options.batchSize ?? 5000
  let after: Date | null = null
  while (true) {
    const query = positionsOf(device, range)
    if (after) query.where('fix_time', '>', after)
    if (options.validOnly) query.where('valid', true)
    const rows: ExportRow[] = await query
      .orderBy('fix_time', 'asc')
      .limit(batchSize)
      .select(
        'fix_time',
        'server_time',
        'latitude',
        'longitude',
        'speed',
        'course',
        'altitude',
        'satellites',
        'valid',
        'attributes'
      )
    if (rows.length === 0) return
    yield rows
    if (rows.length < batchSize) return
    after = rows[rows.length - 1].fix_time
  }
}

/** Trips that overlap the range. */
export async function tripsBetween(device: Device, range: HistoryRange) {
  return db
    .from('trips')
    .where('device_id', device.id)
    .where('company_id', device.companyId)
    .where('start_time', '<', range.to.toJSDate())
    .where('end_time', '>', range.from.toJSDate())
    .orderBy('start_time', 'asc')
    .limit(500)
}

/** Stops that overlap the range. */
export async function stopsBetween(device: Device, range: HistoryRange) {
  return db
    .from('stops')
    .where('device_id', device.id)
    .where('company_id', device.companyId)
    .where('start_time', '<', range.to.toJSDate())
    .where('end_time', '>', range.from.toJSDate())
    .orderBy('start_time', 'asc')
    .limit(500)
}

export async function alarmsBetween(device: Device, range: HistoryRange) {
  const alarm = alarmCondition('events')
  return db
    .from('events')
    .where('device_id', device.id)
    .where('company_id', device.companyId)
    .where('event_time', '>=', range.from.toJSDate())
    .where('event_time', '<', range.to.toJSDate())
    .whereRaw(alarm.sql, alarm.bindings)
    .orderBy('event_time', 'asc')
    .limit(1000)
    .select('id', 'event_time', 'code', 'state', 'latitude', 'longitude')
}

export async function companyVehicleOptions(
  companyId: number,
  deviceGroupIds: number[] | null = null
) {
  return db
    .from('devices')
    .where('company_id', companyId)
    .if(deviceGroupIds, (query) =>
      query.whereRaw('group_id = ANY(?::int[])', [deviceGroupIds ?? []])
    )
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .select('id', 'name', 'plate', 'imei')
}
