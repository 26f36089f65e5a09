import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DateTime } from 'luxon'
import type { AlarmCount } from '#queries/live/vehicle_detail'

/** The vehicle's alarms since the start of the month, counted per code (`alarmCountsSince`). */
export type MonthlyAlarmsSource = { monthStart: DateTime; counts: AlarmCount[] }

/**
 * The vehicle page's card of this month's alarms: the month's first day and, per code, how
 * many and the last one, most frequent first (`Data.Live.MonthlyAlarms`).
 */
export default class MonthlyAlarmsTransformer extends BaseTransformer<MonthlyAlarmsSource> {
  toObject() {
    const { monthStart, counts } = this.resource
    return {
      month: monthStart.toISODate()!,
      codes: counts.map((count) => ({
        code: count.code,
        count: count.count,
        last: count.last.toISOString(),
      })),
    }
  }
}

export function monthlyAlarmsForCard(monthStart: DateTime, counts: AlarmCount[]) {
  return new MonthlyAlarmsTransformer({ monthStart, counts }).toObject()
}
