import { BaseTransformer } from '@adonisjs/core/transformers'
import { DateTime } from 'luxon'
import type { DayWindow } from '#queries/live/dashboard_summary'

/** A vehicle whose licence ends soon, and the day it is counted from. */
export type LicenceSource = {
  row: { id: number; name: string; plate: string | null; imei: string; licence_end_date: string }
  today: DayWindow
}

/**
 * A vehicle whose licence (subscription) ends soon, with the days left (negative once ended).
 * The dashboard's type is generated from this class (`Data.Live.Licence`).
 */
export default class LicenceTransformer extends BaseTransformer<LicenceSource> {
  toObject() {
    const { row, today } = this.resource
    const end = DateTime.fromISO(row.licence_end_date, { zone: today.start.zone })
    return {
      deviceId: row.id,
      vehicle: row.name,
      plate: row.plate,
      imei: row.imei,
      endDate: row.licence_end_date,
      daysRemaining: Math.round(end.diff(today.start, 'days').days),
    }
  }
}

export function licenceForList(row: LicenceSource['row'], today: DayWindow) {
  return new LicenceTransformer({ row, today }).toObject()
}
