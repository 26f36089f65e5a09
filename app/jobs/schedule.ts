import type { ScheduledJob } from './job.js'
import { ScheduledReportsJob } from './scheduled_reports_job.js'
import { MaintenanceReminderJob } from './maintenance_reminder_job.js'
import { PositionArchiveJob } from './position_archive_job.js'
import { LicenceExpiryJob } from './licence_expiry_job.js'
import { RenewalReminderJob } from './renewal_reminder_job.js'
import { WebhookDeliveryJob } from './webhook_delivery_job.js'
import { NotificationDispatchJob } from './notification_dispatch_job.js'
import { NotificationDeliveryJob } from './notification_delivery_job.js'
import { NotificationDigestJob } from './notification_digest_job.js'
import { SubscriptionExpiryJob } from './subscription_expiry_job.js'
import { OfflineSweepJob } from './offline_sweep_job.js'
import { PlaceResolutionJob } from './place_resolution_job.js'
import { OdometerRebuildJob } from './odometer_rebuild_job.js'

/**
 * Every recurring task, run by the one scheduler (start/scheduler.ts registers this list;
 * `node ace scheduler:run` runs it on its own, and the web process too with SCHEDULER=true, as
 * under `npm start`). Each job holds its lock while it runs (`LockedJob`), so any number of
 * schedulers run each job once at a time.
 */
export const scheduledJobs: ScheduledJob[] = [
  // Every minute: sends the scheduled reports whose hour has come.
  { job: new ScheduledReportsJob(), cron: '0 * * * * *' },
  // Maintenance falling due (by date or km): every 15 minutes, so a vehicle that drives past
  // its next distance is reminded of the same day.
  { job: new MaintenanceReminderJob(), cron: '0 */15 * * * *' },
  // Settings: data archiving each night, licence expiry notices each morning.
  { job: new PositionArchiveJob(), cron: '0 30 3 * * *' },
  { job: new LicenceExpiryJob(), cron: '0 0 8 * * *' },
  // Renewals (insurance, inspection, exhaust emission, rental end, driver licence): hourly, so
  // a date entered today inside the reminder window is told the same day.
  { job: new RenewalReminderJob(), cron: '0 5 * * * *' },
  // Integrations: due webhook deliveries every 10 seconds.
  { job: new WebhookDeliveryJob(), cron: '*/10 * * * * *' },
  // Notifications: new events become deliveries and due deliveries are sent every 2 seconds;
  // ended digest periods every minute.
  { job: new NotificationDispatchJob(), cron: '*/2 * * * * *' },
  { job: new NotificationDeliveryJob(), cron: '*/2 * * * * *' },
  { job: new NotificationDigestJob(), cron: '0 * * * * *' },
  // Subscription reminders and the expiry rule, every day at 06:00 (docs/domain-rules.md,
  // "When a subscription ends").
  { job: new SubscriptionExpiryJob(), cron: '0 0 6 * * *' },
  // Devices silent past their company's offline delay go offline, every 30 seconds.
  { job: new OfflineSweepJob(), cron: '*/30 * * * * *' },
  // Street addresses for the newest places, when GEOCODER_URL names an engine (a no-op otherwise).
  { job: new PlaceResolutionJob(), cron: '30 * * * * *' },
  // Trips of the days an odometer correction changed, rebuilt within 15 seconds of it.
  { job: new OdometerRebuildJob(), cron: '*/15 * * * * *' },
]
