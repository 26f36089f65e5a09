import { BaseTransformer } from '@adonisjs/core/transformers'
import type ScheduledReport from '#models/scheduled_report'

/**
 * A scheduled report for the list and the edit dialog; the report pages' type is generated
 * from this class (`Data.Reports.ScheduledReport`).
 */
export default class ScheduledReportTransformer extends BaseTransformer<ScheduledReport> {
  toObject() {
    const schedule = this.resource
    return {
      id: schedule.id,
      name: schedule.name,
      slug: schedule.slug,
      params: schedule.params as Record<string, string | number | boolean | string[] | number[]>,
      frequency: schedule.frequency,
      weekday: schedule.weekday,
      monthDay: schedule.monthDay,
      hour: schedule.hour,
      timezone: schedule.timezone,
      locale: schedule.locale,
      recipients: schedule.recipients,
      active: schedule.active,
      attachments: schedule.attachments,
      lastRunAt: schedule.lastRunAt?.toISO() ?? null,
      lastError: schedule.lastError,
    }
  }
}

export function scheduleItem(schedule: ScheduledReport) {
  return new ScheduledReportTransformer(schedule).toObject()
}
