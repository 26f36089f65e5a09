import type { TrackerProtocol } from '#shared/fleet_enums'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type pg from 'pg'

interface EmbeddedPostgresModule {
  freePort(): Promise<number>
  startEmbeddedPostgres(options: {
    dataDir: string
    port: number
    databases: string[]
  }): Promise<{ url(database: string): string; stop(): Promise<void> }>
}

/** scripts/embedded_postgres.js (plain JavaScript, loaded untyped). */
export async function embeddedPostgresModule(root: string): Promise<EmbeddedPostgresModule> {
  const path = join(root, 'scripts', 'embedded_postgres.js')
  return (await import(pathToFileURL(path).href)) as EmbeddedPostgresModule
}

/** The database of a benchmark run: DATABASE_URL, or a throwaway embedded PostgreSQL. */
export async function benchDatabase(root: string) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} }
  }
  const { freePort, startEmbeddedPostgres } = await embeddedPostgresModule(root)
  const dir = mkdtempSync(join(tmpdir(), 'fleettrack-bench-'))
  try {
    const server = await startEmbeddedPostgres({
      dataDir: join(dir, 'pg'),
      port: await freePort(),
      databases: ['fleettrack_bench'],
    })
    return {
      url: server.url('fleettrack_bench'),
      embedded: true,
      stop: async () => {
        await server.stop().catch(() => {})
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/** `node ace migration:run --force` against the benchmark database. */
export function migrate(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['ace', 'migration:run', '--force'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`migration failed (${code}):\n${output}`))
    )
  })
}

/** A company and Teltonika devices with IMEIs first + 0..count-1, straight in SQL. */
export async function registerBenchDevices(
  pool: pg.Pool,
  companyId: number,
  firstImei: string,
  count: number,
  protocol: TrackerProtocol = 'teltonika'
): Promise<void> {
  await pool.query(
    `INSERT INTO devices (company_id, name, imei, protocol, status, ownership, created_at, updated_at)
     SELECT $1, 'Bench ' || i, lpad(($2::bigint + i)::text, 15, '0'), $4, 'active', 'own', now(), now()
       FROM generate_series(0, $3::int - 1) AS i
     ON CONFLICT (imei) DO NOTHING`,
    [companyId, firstImei, count, protocol]
  )
}

export async function createBenchCompany(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    `INSERT INTO companies (name, hidden_menus, created_at) VALUES ($1, '[]', now()) RETURNING id`,
    [`Bench Fleet ${new Date().toISOString()}`]
  )
  return rows[0].id
}

/** Removes what a run stored (when it ran against a database it did not create). */
export async function removeBenchData(pool: pg.Pool, companyId: number): Promise<void> {
  await pool.query('DELETE FROM positions WHERE company_id = $1', [companyId])
  await pool.query('DELETE FROM companies WHERE id = $1', [companyId])
}
