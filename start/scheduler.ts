import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import scheduler from 'adonisjs-scheduler/services/main'
import { scheduledJobs } from '#jobs/schedule'

/**
 * Registers the jobs of app/jobs/schedule.ts; each run gets the instant it runs for, and a
 * run another process (or a slow earlier run) holds the lock of does nothing.
 */
for (const { job, cron } of scheduledJobs) {
  scheduler
    .call(async () => {
      try {
        const { affected, skipped } = await job.run(DateTime.now())
        if (skipped) logger.debug({ job: job.name }, 'job skipped: another run holds its lock')
        else logger.info({ job: job.name, affected }, 'job done')
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'job failed')
      }
    })
    .cron(cron)
}
