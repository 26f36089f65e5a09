import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Weekday, WorkingHours } from '#services/settings/working_hours'

/**
 * One weekday of the working-hours form: off, or from and to as `HH:mm`. The page's type is
 * generated from this class (`Data.Settings.WorkingDay`).
 */
export default class WorkingDayTransformer extends BaseTransformer<{
  day: Weekday
  hours: WorkingHours
}> {
  toObject() {
    const { day, hours } = this.resource
    return {
      day,
      off: hours[day] === null,
      from: hours[day]?.from ?? '',
      to: hours[day]?.to ?? '',
    }
  }
}

export function workingDayForForm(day: Weekday, hours: WorkingHours) {
  return new WorkingDayTransformer({ day, hours }).toObject()
}
