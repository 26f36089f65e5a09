import type { ScheduledJob } from './job.js'
import { SubscriptionExpiryJob } from './subscription_expiry_job.js'

/**
 * The jobs the scheduler process (`node ace scheduler:run`) runs, registered by
 * start/scheduler.ts. Jobs that need a long-running process's own state (the offline sweep
 * forgets the tracker listener's device cache) run in that process instead.
 */
export const scheduledJobs: ScheduledJob[] = [
  // Subscription reminders and the expiry rule, every day at 06:00 (README "When a subscription ends").
  { job: new SubscriptionExpiryJob(), cron: '0 0 6 * * *' },
]
