import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'

/**
 * A unit of scheduled work. Jobs are plain classes: the scheduler passes the instant they run
 * for, so a test runs them at any time it likes without a clock. `run` reports what it did,
 * for the log.
 */
export interface Job {
  /** Stable name for logs and `scheduler:list`; also names the job's lock. */
  readonly name: string
  run(now: DateTime): Promise<JobResult>
}

export interface JobResult {
  /** How many records the run changed or produced. */
  affected: number
  /** The run did nothing because another run of the job held its lock. */
  skipped?: boolean
}

/** A job and when the scheduler runs it (a cron expression, seconds field allowed). */
export interface ScheduledJob {
  job: Job
  cron: string
}

/**
 * The base of every job: a run holds a PostgreSQL transaction-level advisory lock named after
 * the job (`hashtext('job:<name>')`) for as long as it works, so the job runs once at a time
 * across every process that runs a scheduler (`npm start`, `node ace scheduler:run`, several
 * hosts); a run that finds the lock taken does nothing. The lock lives in a transaction of its
 * own, released when the run ends or its connection dies; the work itself runs on the other
 * connections, except what `perform` writes through `lock` to commit together with the run.
 */
export abstract class LockedJob implements Job {
  abstract readonly name: string

  async run(now: DateTime): Promise<JobResult> {
    return db.transaction(async (lock) => {
      if (!(await tryJobLock(lock, this.name))) return { affected: 0, skipped: true }
      return this.perform(now, lock)
    })
  }

  protected abstract perform(now: DateTime, lock: TransactionClientContract): Promise<JobResult>
}

/** Takes the advisory lock of the named job for the rest of the transaction, if it is free. */
export async function tryJobLock(trx: TransactionClientContract, jobName: string) {
  const result = await trx.rawQuery(
    `SELECT pg_try_advisory_xact_lock(hashtext('job:' || ?)) AS locked`,
    [jobName]
  )
  return result.rows[0]?.locked === true
}
