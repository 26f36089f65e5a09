import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import ScheduledReport from '#models/scheduled_report'
import { isDue } from '#services/reports/schedule_times'
import { sendScheduledReport } from '#services/reports/scheduled_report_mailer'
import type { Job, JobResult } from './job.js'

/** The advisory lock key of this job: one scheduler process at a time sends scheduled reports. */
export const SCHEDULED_REPORTS_LOCK = 7_301_500

/**
 * E-mails the scheduled reports that are due at `now`. The whole pass holds a PostgreSQL
 * transaction-level advisory lock, and each report's `last_run_at` is written in that same
 * transaction: a second scheduler process finds the lock taken and does nothing, and once the
 * lock is free the reports already sent are no longer due. A report that fails keeps its
 * error in `last_error` and is tried again at its next time.
 */
export class ScheduledReportsJob implements Job {
  readonly name = 'scheduled_reports'

  constructor(private readonly send: typeof sendScheduledReport = sendScheduledReport) {}

  async run(now: DateTime): Promise<JobResult> {
    return db.transaction(async (trx) => {
      const lock = await trx.rawQuery('SELECT pg_try_advisory_xact_lock(?) AS locked', [
        SCHEDULED_REPORTS_LOCK,
      ])
      if (!lock.rows[0]?.locked) return { affected: 0 }
      const schedules = await ScheduledReport.query({ client: trx })
        .where('active', true)
        .orderBy('id')
      let affected = 0
      for (const schedule of schedules) {
        if (!isDue(schedule, now)) continue
        try {
          await this.send(schedule, now)
          schedule.lastError = null
          affected++
        } catch (error) {
          logger.error({ err: error, schedule: schedule.id }, 'scheduled report failed')
          schedule.lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error)
        }
        schedule.lastRunAt = now
        schedule.useTransaction(trx)
        await schedule.save()
      }
      return { affected }
    })
  }
}
