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
        // Frequent jobs mostly find nothing to do: only a run that did something is news.
        else if (affected > 0) logger.info({ job: job.name, affected }, 'job done')
        else logger.debug({ job: job.name }, 'job done: nothing to do')
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'job failed')
      }
    })
    .cron(cron)
}
