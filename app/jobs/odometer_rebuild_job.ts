import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { rebuildCorrection } from '#actions/tracking/correct_odometer'
import { LockedJob, type JobResult } from './job.js'

/** Corrections rebuilt in one run; the rest wait for the next. */
const PER_RUN = 20

/**
 * Rebuilds the trips of the days an odometer correction changed (issue 25, point 3): every
 * correction not yet rebuilt, oldest first, from its effective time to `now`. The daily
 * distances are read from the corrected positions and position hours (the correction shifted
 * both), so they need no rebuild of their own.
 */
export class OdometerRebuildJob extends LockedJob {
  readonly name = 'odometer_rebuild'

  protected async perform(now: DateTime): Promise<JobResult> {
    const pending = await db
      .from('odometer_corrections')
      .whereNull('rebuilt_at')
      .orderBy('id')
      .limit(PER_RUN)
      .select('id')
    for (const row of pending) await rebuildCorrection(row.id, now.toJSDate())
    return { affected: pending.length }
  }
}
