import db from '@adonisjs/lucid/services/db'
import { notifyDeviceChange } from '#actions/tracking/register_device'
import { rebuildTrips } from '#actions/tracking/rebuild_trips'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { shiftLiveOdometer, type OdometerShift } from '#tracking/rebuild'

export interface OdometerCorrectionInput {
  companyId: number
  deviceId: number
  effectiveAt: Date
  odometerKm: number
  note: string | null
  userId: number | null
}

/** The stored odometer (metres) at a time: the last reading before it, else the first after. */
export async function odometerAt(
  deviceId: number,
  at: Date,
  client: QueryClientContract | TransactionClientContract = db.connection()
): Promise<number | null> {
  const read = (op: '<=' | '>', order: 'asc' | 'desc') =>
    client
      .from('positions')
      .where('device_id', deviceId)
      .where('fix_time', op, at)
      .whereRaw(`(attributes->>'odometer') IS NOT NULL`)
      .orderBy('fix_time', order)
      .select(client.raw(`(attributes->>'odometer')::float8 AS odometer`))
      .first()
  const row = (await read('<=', 'desc')) ?? (await read('>', 'asc'))
  return row ? Number(row.odometer) : null
}

/**
 * Sets a vehicle's odometer at a date and time (issue 25, point 3). The difference from the
 * odometer stored then is added to every odometer stored from that moment up to the next
 * correction (or now), to the live state the tracker listener continues from, and recorded
 * in `odometer_corrections` (the history). Listeners are told to reload the device. The
 * trips are rebuilt by `rebuildCorrection` (the odometer rebuild job).
 *
 * Against the listener's writes in flight: the transaction first takes the device row FOR
 * UPDATE and bumps its `odometer_generation`. A batch the listener is committing holds the row
 * FOR KEY SHARE (its first statement), so the correction waits for it and then reads, shifts
 * and rebuilds its rows too; a batch that comes after finds the new generation and gets this
 * correction applied before it commits (`catchUpCorrections` in the batch writer). The
 * odometer before the correction is read under the lock, so it includes such a batch.
 *
 * The caller has checked that the device belongs to the company; this checks it again.
 */
export async function correctOdometer(input: OdometerCorrectionInput) {
  const device = await db
    .from('devices')
    .where('id', input.deviceId)
    .where('company_id', input.companyId)
    .select('id', 'imei')
    .firstOrFail()

  const correction = await db.transaction(async (trx) => {
    await trx.from('devices').where('id', device.id).forUpdate().select('id').firstOrFail()
    const bumped = await trx.rawQuery(
      `UPDATE devices SET odometer_generation = odometer_generation + 1 WHERE id = ?
       RETURNING odometer_generation`,
      [device.id]
    )
    const generation = Number(bumped.rows[0].odometer_generation)
    const previous = await odometerAt(device.id, input.effectiveAt, trx)
    const offset =
      previous === null ? 0 : Math.round((input.odometerKm * 1000 - previous) * 10) / 10
    const next = await trx
      .from('odometer_corrections')
      .where('device_id', device.id)
      .where('effective_at', '>', input.effectiveAt)
      .orderBy('effective_at')
      .select('effective_at')
      .first()
    if (offset !== 0) {
      const until = next ? new Date(next.effective_at) : null
      await trx.rawQuery(
        `UPDATE positions SET attributes = jsonb_set(attributes, '{odometer}',
           to_jsonb(round(((attributes->>'odometer')::float8 + ?)::numeric, 1)))
         WHERE device_id = ? AND fix_time >= ? ${until ? 'AND fix_time < ?' : ''}
           AND (attributes->>'odometer') IS NOT NULL`,
        until
          ? [offset, device.id, input.effectiveAt, until]
          : [offset, device.id, input.effectiveAt]
      )
      await shiftPositionHours(trx, device.id, offset, input.effectiveAt, until)
      await shiftLiveState(trx, device.id, {
        from: input.effectiveAt.getTime(),
        until: until ? until.getTime() : null,
        offset,
      })
    }
    const [row] = await trx
      .table('odometer_corrections')
      .insert({
        company_id: input.companyId,
        device_id: device.id,
        effective_at: input.effectiveAt,
        odometer_km: input.odometerKm,
        previous_odometer_m: previous,
        offset_m: offset,
        note: input.note,
        created_by: input.userId,
        generation,
      })
      .returning(['id', 'effective_at', 'offset_m', 'previous_odometer_m'])
    return row
  })
  // The listener keeps the device and its live state in memory: it reloads both. (A write it
  // has in flight meanwhile gets the correction from the batch writer's check.)
  await notifyDeviceChange(db.connection(), device.imei)
  const previous = correction.previous_odometer_m
  return {
    id: Number(correction.id),
    offset: Number(correction.offset_m),
    previous: previous === null ? null : Number(previous),
  }
}

/**
 * The same shift in the hourly rollup (position_hours): an hour's first and last odometer are
 * the odometers of two of its positions, each shifted when its time is in [from, until), as
 * the positions' UPDATE rounds them.
 */
async function shiftPositionHours(
  trx: TransactionClientContract,
  deviceId: number,
  offset: number,
  from: Date,
  until: Date | null
) {
  const inRange = (column: string) =>
    `${column} >= ?::timestamptz${until ? ` AND ${column} < ?::timestamptz` : ''}`
  const range = until ? [from, until] : [from]
  const shifted = (column: string) => `round((${column} + ?)::numeric, 1)::float8`
  await trx.rawQuery(
    `UPDATE position_hours SET
       first_odometer = CASE WHEN ${inRange('first_odometer_time')}
         THEN ${shifted('first_odometer')} ELSE first_odometer END,
       last_odometer = CASE WHEN ${inRange('last_odometer_time')}
         THEN ${shifted('last_odometer')} ELSE last_odometer END
     WHERE device_id = ? AND hour >= date_trunc('hour', ?::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
       ${until ? 'AND hour < ?::timestamptz' : ''}`,
    [...range, offset, ...range, offset, deviceId, from, ...(until ? [until] : [])]
  )
}

/**
 * The live state stored in device_states after a correction (`shiftLiveOdometer`, the rule
 * the batch writer applies to a live state still in flight): a tracker with its own odometer
 * has the plausibility filter's offsets moved from the correction's time up to the next one,
 * so a late position gets the offset of its fix time; without a next correction also the
 * live odometer and the odometers the trip detector holds.
 */
async function shiftLiveState(
  trx: TransactionClientContract,
  deviceId: number,
  shift: OdometerShift
) {
  const state = await trx
    .from('device_states')
    .where('device_id', deviceId)
    .forUpdate()
    .select('odometer', 'detector')
    .first()
  if (!state) return
  const { plausibility, ...detector } = state.detector ?? {}
  const shifted = shiftLiveOdometer(
    {
      odometer: Number(state.odometer),
      detector,
      ...(plausibility?.odometer ? { plausibility } : {}),
    },
    shift
  )
  await trx
    .from('device_states')
    .where('device_id', deviceId)
    .update({
      odometer: shifted.odometer,
      detector: JSON.stringify({
        ...shifted.detector,
        ...(plausibility ? { plausibility: { ...plausibility, ...shifted.plausibility } } : {}),
      }),
    })
}

/**
 * Rebuilds what a correction changed: the device's trips from its effective time to `now`
 * (the replay reads the corrected odometers), then takes the correction's step out of the
 * trip that spans it, so no trip counts the correction as driven. Marks it rebuilt.
 */
export async function rebuildCorrection(correctionId: number, now: Date) {
  const correction = await db
    .from('odometer_corrections')
    .where('id', correctionId)
    .select('device_id', 'effective_at', 'offset_m')
    .firstOrFail()
  const from = new Date(correction.effective_at)
  const result = await rebuildTrips(correction.device_id, from, now)
  const offset = Number(correction.offset_m)
  if (offset !== 0) {
    await db.rawQuery(
      `UPDATE trips SET distance = GREATEST(0, end_odometer - start_odometer - ?),
         average_speed = round((GREATEST(0, end_odometer - start_odometer - ?) / 1000
           / GREATEST(duration, 1) * 3600)::numeric, 1)
       WHERE device_id = ? AND start_time < ? AND end_time >= ?`,
      [offset, offset, correction.device_id, from, from]
    )
  }
  await db.from('odometer_corrections').where('id', correctionId).update({ rebuilt_at: now })
  return result
}
