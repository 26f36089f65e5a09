/**
 * Table endpoint benchmark: p50/p99 of one page of positions from a table of
 * BENCH_ROWS (default 10,000,000) rows, with a filter and a sort, through the
 * same list query the /backend/history/tracking table uses.
 *
 *   npm run bench:table            (part of npm run bench:live)
 *
 * Uses DATABASE_URL when set (the table is created in a schema of its own and
 * dropped afterwards), otherwise a throwaway embedded PostgreSQL.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
// @ts-expect-error plain JS helper shared with the test and start scripts
import { freePort, startEmbeddedPostgres } from '../scripts/embedded_postgres.js'

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000)
const DEVICES = 500
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200)
const root = new URL('../', import.meta.url)

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

let embedded: { stop(): Promise<void>; url(db: string): string } | null = null
let tempDir: string | null = null
if (!process.env.DATABASE_URL) {
  tempDir = mkdtempSync(join(tmpdir(), 'fleettrack-bench-'))
  embedded = await startEmbeddedPostgres({
    dataDir: join(tempDir, 'pg'),
    port: await freePort(),
    databases: ['fleettrack_bench'],
  })
  process.env.DATABASE_URL = embedded!.url('fleettrack_bench')
}
process.env.APP_KEY ??= randomBytes(32).toString('hex')
process.env.NODE_ENV = 'production'
process.env.LOG_LEVEL = 'warn'

try {
  execFileSync(process.execPath, ['ace', 'migration:run', '--force'], {
    cwd: root,
    env: process.env,
    stdio: 'ignore',
  })

  const { Ignitor } = await import('@adonisjs/core')
  const ignitor = new Ignitor(root, {
    importer: (path: string) => import(new URL(path, root).href),
  })
  const app = ignitor.createApp('console')
  await app.init()
  await app.boot()
  await import('#start/env')
  await app.start(() => {})

  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { listPage } = await import('#crud/list_query')
  const { parseListParams } = await import('#crud/list_params')
  const { positionsResource } = await import('#crud/resources/positions')

  console.log(`Seeding ${ROWS.toLocaleString()} positions for ${DEVICES} vehicles...`)
  const seedStart = performance.now()
  const [company] = await db
    .table('companies')
    .insert({ name: `Bench ${Date.now()}`, created_at: new Date(), hidden_menus: '[]' })
    .returning('id')
  await db.rawQuery(
    `INSERT INTO devices (company_id, name, plate, imei, protocol, status, ownership, created_at)
     SELECT ?, 'Bench ' || g, '34 BN ' || g, (900000000000000 + g)::text, 'teltonika', 'active', 'own', now()
     FROM generate_series(1, ?::int) g`,
    [company.id, DEVICES]
  )
  const devices = await db
    .from('devices')
    .where('company_id', company.id)
    .select('id')
    .orderBy('id')
  const firstDevice = devices[0].id
  const perDevice = Math.ceil(ROWS / DEVICES)
  const end = new Date(Date.UTC(2026, 10, 1))
  const start = new Date(end.getTime() - perDevice * 5 * 60_000)
  for (
    let month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    month < end;
  ) {
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
    const name = `positions_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`
    await db.rawQuery(
      `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF positions FOR VALUES FROM ('${month.toISOString()}') TO ('${next.toISOString()}')`
    )
    month = next
  }
  for (let offset = 0; offset < DEVICES; offset += 50) {
    await db.rawQuery(
      `INSERT INTO positions (device_id, company_id, fix_time, server_time, latitude, longitude, speed, course,
         altitude, satellites, valid, attributes)
       SELECT d, ?::int, ?::timestamptz + (n * interval '5 minutes'), ?::timestamptz + (n * interval '5 minutes'),
         41 + random() * 0.3, 28.8 + random() * 0.5, (random() * 110)::real, (random() * 360)::real,
         (random() * 100)::real, 9, true, jsonb_build_object('ignition', random() > 0.3, 'odometer', n * 400)
       FROM generate_series(?::int, ?::int) d, generate_series(0, ?::int) n`,
      [
        company.id,
        start,
        start,
        firstDevice + offset,
        Math.min(firstDevice + offset + 49, firstDevice + DEVICES - 1),
        perDevice - 1,
      ]
    )
  }
  await db.rawQuery('ANALYZE positions')
  const [{ total }] = await db.from('positions').where('company_id', company.id).count('* as total')
  console.log(
    `Seeded ${Number(total).toLocaleString()} rows in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`
  )

  const day = new Date(end.getTime() - 86_400_000)
  const scenarios = [
    {
      name: 'one vehicle, one day, valid fixes of 9 satellites, sorted by speed desc',
      query: {
        deviceId: String(devices[7].id),
        from: day.toISOString(),
        to: end.toISOString(),
        filter: { valid: 'eq:true', satellites: 'eq:9' },
        sort: 'speed',
        order: 'desc',
        perPage: '25',
      },
    },
    {
      name: 'whole fleet, one day, plate search, newest first',
      query: { from: day.toISOString(), to: end.toISOString(), q: '34 BN 12', perPage: '50' },
    },
    {
      name: 'whole fleet, one day, sorted by speed desc, page 3',
      query: {
        from: day.toISOString(),
        to: end.toISOString(),
        sort: 'speed',
        order: 'desc',
        page: '3',
        perPage: '25',
      },
    },
  ]
  console.log('')
  for (const scenario of scenarios) {
    const params = parseListParams(positionsResource, scenario.query)
    const timings: number[] = []
    for (let i = 0; i < ITERATIONS + 10; i++) {
      const t0 = performance.now()
      const page = await listPage(positionsResource, params, { companyId: company.id })
      if (i >= 10) timings.push(performance.now() - t0)
      if (i === 0 && page.data.length === 0) throw new Error(`${scenario.name}: no rows`)
    }
    timings.sort((a, b) => a - b)
    const p99 = percentile(timings, 99)
    console.log(
      `${scenario.name}\n  p50 ${percentile(timings, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms` +
        `  (target p99 < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'})`
    )
  }
  await app.terminate()
} finally {
  if (embedded) await embedded.stop().catch(() => {})
  if (tempDir) rmSync(tempDir, { recursive: true, force: true })
}
