/**
 * Seeds a company with many vehicles for the live map benchmark (benchmarks/live.ts):
 *
 *   DATABASE_URL=postgres://… node --import @poppinss/ts-exec benchmarks/seed_live.ts \
 *     --company="Demo Logistics" --count=5000 [--email=… --password=…]
 *
 * With --email and --password it first creates the company and a user who owns it
 * (`node ace user:create`, which changes nothing when they exist). It then inserts `count`
 * vehicles with a live state each, spread over Istanbul with a mix of statuses, in one SQL
 * statement per table. Running it again leaves the company with exactly `count` bench vehicles
 * (the highest-numbered ones go when it has more) and changes nothing else. `--remove` deletes
 * the bench vehicles of the company. `benchmarks/live.ts` calls `seedLiveFleet` itself.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** IMEIs of bench vehicles: this prefix, the company id and a running number. */
const IMEI_PREFIX = '99'

export function connectionString() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL
  const { DB_HOST, DB_PORT, DB_USER, DB_PASSWORD, DB_DATABASE } = process.env
  if (!DB_HOST || !DB_DATABASE) throw new Error('Set DATABASE_URL (or DB_HOST and DB_DATABASE)')
  const auth = DB_USER ? `${DB_USER}${DB_PASSWORD ? `:${DB_PASSWORD}` : ''}@` : ''
  return `postgres://${auth}${DB_HOST}:${DB_PORT ?? 5432}/${DB_DATABASE}`
}

function createOwner(company: string, email: string, password: string) {
  const result = spawnSync(
    process.execPath,
    ['ace', 'user:create', `--email=${email}`, `--password=${password}`, `--company=${company}`],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: connectionString() } }
  )
  if (result.status !== 0) throw new Error('node ace user:create failed')
}

export interface SeedOptions {
  company: string
  count: number
  email?: string
  password?: string
  remove?: boolean
  log?: (line: string) => void
}

export async function seedLiveFleet(args: SeedOptions) {
  const { company, count } = args
  const log = args.log ?? console.log
  if (!company) throw new Error('--company is required')
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new Error('--count must be a whole number from 1 to 100000')
  }
  if (args.email && args.password) createOwner(company, args.email, args.password)

  const pool = new pg.Pool({ connectionString: connectionString(), max: 2 })
  try {
    const found = await pool.query('SELECT id FROM companies WHERE name = $1', [company])
    if (found.rowCount === 0) throw new Error(`No company named "${company}"`)
    const companyId: number = found.rows[0].id
    const imeiStart = `${IMEI_PREFIX}${String(companyId).padStart(5, '0')}`

    if (args.remove) {
      const removed = await pool.query(
        `DELETE FROM devices WHERE company_id = $1 AND imei LIKE $2 || '%'`,
        [companyId, imeiStart]
      )
      log(`Removed ${removed.rowCount} bench vehicles from "${company}".`)
      return
    }

    const started = performance.now()
    const trimmed = await pool.query(
      `DELETE FROM devices WHERE company_id = $1 AND imei LIKE $2 || '%' AND imei > $2 || lpad($3::text, 8, '0')`,
      [companyId, imeiStart, count]
    )
    const inserted = await pool.query(
      `INSERT INTO devices (company_id, name, plate, imei, protocol, status, ownership, created_at, updated_at)
       SELECT $1, 'Bench ' || n, '34 BN ' || lpad(n::text, 5, '0'),
              $2 || lpad(n::text, 8, '0'), 'teltonika', 'active', 'own', now(), now()
         FROM generate_series(1, $3::int) AS n
       ON CONFLICT (imei) DO NOTHING`,
      [companyId, imeiStart, count]
    )
    // Around Istanbul (41.0 N, 29.0 E), about 60 x 40 km; statuses in a fixed mix.
    const states = await pool.query(
      `INSERT INTO device_states (device_id, company_id, fix_time, server_time, last_seen_at,
         latitude, longitude, speed, course, valid, live_status, online, ignition, odometer, updated_at)
       SELECT d.id, d.company_id, now(), now(), now(),
              40.85 + random() * 0.35, 28.60 + random() * 0.80,
              CASE WHEN d.id % 10 < 5 THEN 20 + random() * 70 ELSE 0 END,
              floor(random() * 360), true,
              CASE WHEN d.id % 10 < 5 THEN 'moving' WHEN d.id % 10 < 7 THEN 'idle' ELSE 'stopped' END,
              d.id % 10 <> 9, d.id % 10 < 7, floor(random() * 300000000), now()
         FROM devices d
        WHERE d.company_id = $1 AND d.imei LIKE $2 || '%'
       ON CONFLICT (device_id) DO NOTHING`,
      [companyId, imeiStart]
    )
    const counted = await pool.query(
      'SELECT count(*)::int AS total FROM devices WHERE company_id = $1',
      [companyId]
    )
    const total: number = counted.rows[0].total
    log(
      `"${company}" (id ${companyId}): ${inserted.rowCount} vehicles and ${states.rowCount} states added, ` +
        `${trimmed.rowCount} removed ` +
        `in ${Math.round(performance.now() - started)} ms; the company has ${total} vehicles.`
    )
  } finally {
    await pool.end()
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      company: { type: 'string' },
      count: { type: 'string', default: '5000' },
      email: { type: 'string' },
      password: { type: 'string' },
      remove: { type: 'boolean', default: false },
    },
  })
  await seedLiveFleet({ ...args, company: args.company ?? '', count: Number(args.count) })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
