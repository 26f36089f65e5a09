import type { ScheduledJob } from './job.js'
import { ScheduledReportsJob } from './scheduled_reports_job.js'
import { MaintenanceReminderJob } from './maintenance_reminder_job.js'

/**
 * The jobs the scheduler process (`node ace scheduler:run`) runs, registered by
 * start/scheduler.ts. Jobs that need a long-running process's own state (the offline sweep
 * forgets the tracker listener's device cache) run in that process instead.
 */
export const scheduledJobs: ScheduledJob[] = [
  // Every minute: sends the scheduled reports whose hour has come (once across processes).
  { job: new ScheduledReportsJob(), cron: '0 * * * * *' },
  // Maintenance falling due (by date or km): every 15 minutes, so a vehicle that drives past
  // its next distance is reminded of the same day.
  { job: new MaintenanceReminderJob(), cron: '0 */15 * * * *' },
]
