import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { databaseHost, isLocalDatabase, lowerBackendPriority } from '#services/db/backend_priority'

const poolMax = env.get('DB_POOL_MAX', 10)

/**
 * What one request may take of the database (docs/request-limits.md). Every query of the web
 * process (and of the tests) runs under the statement timeout; `node ace` commands
 * (migrations, a standalone listener or scheduler) only when DB_STATEMENT_TIMEOUT is set.
 */
export const requestLimits = {
  statementTimeoutMs: env.get(
    'DB_STATEMENT_TIMEOUT',
    app.getEnvironment() === 'console' ? 0 : 10_000
  ),
  connectionsPerRequest: env.get('DB_REQUEST_CONNECTIONS', Math.max(2, Math.floor(poolMax / 4))),
  /** Heavy requests (report pages, exports, maps) of one user running at once (UserGate). */
  heavyRequestsPerUser: env.get('HEAVY_REQUESTS_PER_USER', 2),
}

/**
 * DATABASE_URL wins when set; otherwise the DB_* variables. `npm start` and
 * `npm test` set DATABASE_URL to their embedded PostgreSQL when none is given.
 */
const databaseUrl = env.get('DATABASE_URL')

/**
 * The web process's backends run at a lower OS priority than the tracker listener's (its
 * own pool) when PostgreSQL is on this host: ingest first (docs/request-limits.md).
 */
const requestNice = env.get('DB_REQUEST_NICE', 10)
const renice =
  app.getEnvironment() === 'web' &&
  requestNice > 0 &&
  isLocalDatabase(databaseHost(databaseUrl, env.get('DB_HOST')))

/**
 * Session settings of every connection (docs/configuration.md): PostgreSQL's JIT compiler off
 * by default — a month report's plan costs enough to trigger it, and compiling took 120 ms of
 * a 775 ms query that never ran long enough to win it back — and the memory a sort or hash may
 * use before spilling to disk (a month of fuel hours sorted per vehicle and day spilled 6 MB
 * at the server's 4 MB default).
 */
const workMem = env.get('DB_WORK_MEM', '16MB')
if (!/^\d+(kB|MB|GB)$/.test(workMem)) {
  throw new Error(`DB_WORK_MEM must be a size such as 16MB (kB, MB or GB), not "${workMem}"`)
}
const sessionOptions = [
  `-c jit=${env.get('DB_JIT', false) ? 'on' : 'off'}`,
  `-c work_mem=${workMem}`,
  // A lowered backend's parallel workers are other processes, at the normal priority.
  ...(renice ? ['-c max_parallel_workers_per_gather=0'] : []),
].join(' ')

const dbConfig = defineConfig({
  connection: 'postgres',
  prettyPrintDebugQueries: false,
  connections: {
    postgres: {
      client: 'pg',
      connection: {
        ...(databaseUrl
          ? { connectionString: databaseUrl }
          : {
              host: env.get('DB_HOST', '127.0.0.1'),
              port: env.get('DB_PORT', 5432),
              user: env.get('DB_USER', 'postgres'),
              password: env.get('DB_PASSWORD'),
              database: env.get('DB_DATABASE', 'fleettrack'),
            }),
        // pg's startup `options` (knex types the key after another driver's).
        ...({ options: sessionOptions } as object),
        // 0 (none) leaves the server's own setting.
        ...(requestLimits.statementTimeoutMs > 0
          ? { statement_timeout: requestLimits.statementTimeoutMs }
          : {}),
      },
      pool: {
        min: 0,
        max: poolMax,
        ...(renice ? { afterCreate: lowerBackendPriority(Math.min(19, requestNice)) } : {}),
      },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      seeders: { paths: ['database/seeders'] },
    },
  },
})

export default dbConfig
