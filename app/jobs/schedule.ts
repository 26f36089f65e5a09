import type { ScheduledJob } from './job.js'
import { NotificationDispatchJob } from './notification_dispatch_job.js'
import { NotificationDeliveryJob } from './notification_delivery_job.js'
import { NotificationDigestJob } from './notification_digest_job.js'

/**
 * The jobs the scheduler process (`node ace scheduler:run`) runs, registered by
 * start/scheduler.ts. Jobs that need a long-running process's own state (the offline sweep
 * forgets the tracker listener's device cache) run in that process instead. The
 * notification jobs also run in the web process (start/notifications.ts) unless
 * NOTIFICATION_WORKER=false; both may run, they lock what they take.
 */
export const scheduledJobs: ScheduledJob[] = [
  { job: new NotificationDispatchJob(), cron: '*/5 * * * * *' },
  { job: new NotificationDeliveryJob(), cron: '*/5 * * * * *' },
  { job: new NotificationDigestJob(), cron: '0 * * * * *' },
]
