import type pg from 'pg'
import { copyField, copyFromStdin } from '#services/pg_copy'

const COLUMNS = [
  'device_id',
  'company_id',
  'fix_time',
  'server_time',
  'latitude',
  'longitude',
  'speed',
  'course',
  'altitude',
  'satellites',
  'valid',
  'attributes',
]

export interface CopyResult {
  rows: number
  seconds: number
  rowsPerSecond: number
  /** PostgreSQL CPU seconds the COPY took (null: the server is not on this machine). */
  postgresCpuSeconds: number | null
}

/**
 * The raw PostgreSQL throughput for the same rows: up to `limit` positions the devices stored
 * are copied back into `positions` (as device id + 1,000,000,000, so keys do not collide) with
 * COPY FROM STDIN; only the COPY is timed.
 */
export async function copyThroughput(
  pool: pg.Pool,
  companyId: number,
  deviceIds: number[],
  limit: number,
  postgresCpu: (() => number) | null = null
): Promise<CopyResult> {
  const { rows } = await pool.query(
    `SELECT (device_id + 1000000000)::text AS device_id, company_id::text AS company_id,
            fix_time::text AS fix_time, server_time::text AS server_time,
            latitude::text AS latitude, longitude::text AS longitude, speed::text AS speed,
            course::text AS course, altitude::text AS altitude, satellites::text AS satellites,
            valid::text AS valid, attributes::text AS attributes
       FROM positions WHERE company_id = $1 AND device_id = ANY($2::int[]) LIMIT $3`,
    [companyId, deviceIds, limit]
  )
  const chunks: Buffer[] = []
  let text = ''
  for (const row of rows) {
    text += COLUMNS.map((column) => copyField(row[column])).join('\t') + '\n'
    if (text.length > 1 << 20) {
      chunks.push(Buffer.from(text))
      text = ''
    }
  }
  if (text) chunks.push(Buffer.from(text))
  const client = await pool.connect()
  try {
    const startedAt = performance.now()
    const cpuBefore = postgresCpu?.() ?? 0
    const copied = await copyFromStdin(
      client,
      `COPY positions (${COLUMNS.join(', ')}) FROM STDIN`,
      chunks
    )
    const seconds = (performance.now() - startedAt) / 1000
    const postgresCpuSeconds = postgresCpu ? postgresCpu() - cpuBefore : null
    return { rows: copied, seconds, rowsPerSecond: copied / seconds, postgresCpuSeconds }
  } finally {
    client.release()
  }
}
