import type { ScheduledJob } from './job.js'
import { ScheduledReportsJob } from './scheduled_reports_job.js'
import { MaintenanceReminderJob } from './maintenance_reminder_job.js'
import { PositionArchiveJob } from './position_archive_job.js'
import { LicenceExpiryJob } from './licence_expiry_job.js'
import { WebhookDeliveryJob } from './webhook_delivery_job.js'
import { NotificationDispatchJob } from './notification_dispatch_job.js'
import { NotificationDeliveryJob } from './notification_delivery_job.js'
import { NotificationDigestJob } from './notification_digest_job.js'
import { SubscriptionExpiryJob } from './subscription_expiry_job.js'
import { PlaceResolutionJob } from './place_resolution_job.js'

/**
 * The jobs the scheduler process (`node ace scheduler:run`) runs, registered by
 * start/scheduler.ts. Jobs that need a long-running process's own state (the offline sweep
 * forgets the tracker listener's device cache) run in that process instead. The
 * notification jobs also run in the web process (start/notifications.ts) unless
 * NOTIFICATION_WORKER=false; both may run, they lock what they take.
 */
export const scheduledJobs: ScheduledJob[] = [
  // Every minute: sends the scheduled reports whose hour has come (once across processes).
  { job: new ScheduledReportsJob(), cron: '0 * * * * *' },
  // Maintenance falling due (by date or km): every 15 minutes, so a vehicle that drives past
  // its next distance is reminded of the same day.
  { job: new MaintenanceReminderJob(), cron: '0 */15 * * * *' },
  // Settings: data archiving each night, licence expiry notices each morning.
  { job: new PositionArchiveJob(), cron: '0 30 3 * * *' },
  { job: new LicenceExpiryJob(), cron: '0 0 8 * * *' },
  // Integrations: due webhook deliveries every 10 seconds.
  { job: new WebhookDeliveryJob(), cron: '*/10 * * * * *' },
  { job: new NotificationDispatchJob(), cron: '*/5 * * * * *' },
  { job: new NotificationDeliveryJob(), cron: '*/5 * * * * *' },
  { job: new NotificationDigestJob(), cron: '0 * * * * *' },
  // Subscription reminders and the expiry rule, every day at 06:00 (README "When a subscription ends").
  { job: new SubscriptionExpiryJob(), cron: '0 0 6 * * *' },
  // Street addresses for the newest places, when GEOCODER_URL names an engine (a no-op otherwise).
  { job: new PlaceResolutionJob(), cron: '30 * * * * *' },
]
