import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ScheduledReport from '#models/scheduled_report'
import { isDue } from '#services/reports/schedule_times'
import { sendScheduledReport } from '#services/reports/scheduled_report_mailer'
import { LockedJob, type JobResult } from './job.js'

/**
 * E-mails the scheduled reports that are due at `now`. The run holds the job's lock
 * (`LockedJob`), and each report's `last_run_at` is written in the lock's transaction: a second
 * scheduler process finds the lock taken and does nothing, and once the lock is free the
 * reports already sent are no longer due. A report that fails keeps its error in `last_error`
 * and is tried again at its next time.
 */
export class ScheduledReportsJob extends LockedJob {
  readonly name = 'scheduled_reports'

  constructor(private readonly send: typeof sendScheduledReport = sendScheduledReport) {
    super()
  }

  protected async perform(now: DateTime, trx: TransactionClientContract): Promise<JobResult> {
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
  }
}
