import type { ScheduledJob } from './job.js'
import { PositionArchiveJob } from './position_archive_job.js'
import { LicenceExpiryJob } from './licence_expiry_job.js'
import { WebhookDeliveryJob } from './webhook_delivery_job.js'

/**
 * The jobs the scheduler process (`node ace scheduler:run`) runs, registered by
 * start/scheduler.ts. Jobs that need a long-running process's own state (the offline sweep
 * forgets the tracker listener's device cache) run in that process instead.
 */
export const scheduledJobs: ScheduledJob[] = [
  // Settings: data archiving each night, licence expiry notices each morning.
  { job: new PositionArchiveJob(), cron: '0 30 3 * * *' },
  { job: new LicenceExpiryJob(), cron: '0 0 8 * * *' },
  // Integrations: due webhook deliveries every 10 seconds.
  { job: new WebhookDeliveryJob(), cron: '*/10 * * * * *' },
]
