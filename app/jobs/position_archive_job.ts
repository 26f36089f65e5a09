import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { LockedJob, type JobResult } from './job.js'

export interface PositionPartition {
  name: string
  /** The first instant after the partition's month (UTC). */
  end: DateTime
}

/** positions_2026_03 -> its month's end (2026-04-01T00:00Z); null for any other name. */
export function partitionEnd(name: string): DateTime | null {
  const match = /^positions_(\d{4})_(\d{2})$/.exec(name)
  if (!match) return null
  return DateTime.utc(Number(match[1]), Number(match[2]), 1).plus({ months: 1 })
}

/**
 * Whether a partition may go: every company with positions in it has an archiving period,
 * and the partition's whole month is older than the longest of them. A company without a
 * period keeps its data for ever, so a month holding any of its positions stays.
 */
export function mayDrop(
  partition: PositionPartition,
  periods: (number | null)[],
  now: DateTime
): boolean {
  if (periods.length === 0) return false
  if (periods.some((days) => days === null)) return false
  const longest = Math.max(...(periods as number[]))
  return partition.end <= now.minus({ days: longest })
}

/**
 * Data archiving (other settings, "data archiving period in days"): drops whole monthly
 * partitions of `positions` older than the period, never deleting rows one by one. Trips,
 * stops and events live in their own tables and stay, and so do the position hours
 * (`position_hours`, small): the distance reports of an archived month keep their figures. Positions are partitioned by month for
 * all companies together, so a month goes once it is older than the period of every
 * company with positions in it.
 *
 * A dropped month is created again empty in the same transaction: a tracker listener that
 * created the month earlier remembers it, and a late record of that month (a tracker's
 * black box emptied months later) must land somewhere instead of failing the whole batch;
 * the next run drops it again if it is still older than the period.
 */
export class PositionArchiveJob extends LockedJob {
  readonly name = 'position_archive'

  constructor(private readonly client: () => QueryClientContract = () => db.connection()) {
    super()
  }

  async partitions(): Promise<PositionPartition[]> {
    const result = await this.client().rawQuery(
      `SELECT c.relname AS name
         FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'positions'::regclass
        ORDER BY c.relname`
    )
    return (result.rows as { name: string }[])
      .map((row) => ({ name: row.name, end: partitionEnd(row.name) }))
      .filter((row): row is PositionPartition => row.end !== null)
  }

  /** The companies with positions in the partition: a skip scan of the (company_id, fix_time) index. */
  async companiesIn(partition: string): Promise<number[]> {
    const result = await this.client().rawQuery(
      `WITH RECURSIVE c AS (
         SELECT min(company_id) AS id FROM ${partition}
         UNION ALL
         SELECT (SELECT min(company_id) FROM ${partition} WHERE company_id > c.id) FROM c WHERE c.id IS NOT NULL
       )
       SELECT id FROM c WHERE id IS NOT NULL`
    )
    return (result.rows as { id: number }[]).map((row) => Number(row.id))
  }

  protected async perform(now: DateTime): Promise<JobResult> {
    let dropped = 0
    for (const partition of await this.partitions()) {
      // The current month (and any later one) is never a candidate.
      if (partition.end > now) continue
      const companies = await this.companiesIn(partition.name)
      if (companies.length === 0) continue
      const settings = await this.client()
        .from('company_settings')
        .whereIn('company_id', companies)
        .select('company_id', 'archive_days')
      const byCompany = new Map(settings.map((row) => [Number(row.company_id), row.archive_days]))
      const periods = companies.map((id) => (byCompany.get(id) ?? null) as number | null)
      if (!mayDrop(partition, periods, now)) continue

      const start = partition.end.minus({ months: 1 })
      try {
        await this.client().transaction(async (trx) => {
          // Dropping a partition locks the whole positions table: never wait behind a long
          // report and stall ingest meanwhile; the next run tries again.
          await trx.rawQuery(`SET LOCAL lock_timeout = '5s'`)
          await trx.rawQuery(`DROP TABLE ${partition.name}`)
          await trx.rawQuery(
            `CREATE TABLE ${partition.name} PARTITION OF positions FOR VALUES FROM ('${start.toISO()}') TO ('${partition.end.toISO()}')`
          )
        })
      } catch (error) {
        logger.warn(
          { err: error, partition: partition.name },
          'positions not archived, retried next run'
        )
        continue
      }
      logger.info({ partition: partition.name, companies: companies.length }, 'positions archived')
      dropped++
    }
    return { affected: dropped }
  }
}
