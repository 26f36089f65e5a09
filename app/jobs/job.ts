import type { DateTime } from 'luxon'

/**
 * A unit of scheduled work. Jobs are plain classes: the scheduler (or the process that owns
 * them) passes the instant they run for, so a test runs them at any time it likes without a
 * clock. `run` reports what it did, for the log.
 */
export interface Job {
  /** Stable name for logs and `scheduler:list`. */
  readonly name: string
  run(now: DateTime): Promise<JobResult>
}

export interface JobResult {
  /** How many records the run changed or produced. */
  affected: number
}

/** A job and when the scheduler process runs it (a cron expression, seconds field allowed). */
export interface ScheduledJob {
  job: Job
  cron: string
}
