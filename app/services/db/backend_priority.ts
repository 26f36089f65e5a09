import { readFileSync } from 'node:fs'
import os from 'node:os'

/**
 * Ingest before reports on one host (docs/request-limits.md, "Ingest first"): the web
 * process's database connections are served by PostgreSQL backends whose OS priority is
 * lowered (a higher nice value), so that when the host's cores are busy, the tracker
 * listener's backends — its own pool, left at the normal priority — get the CPU first and
 * acknowledgements do not wait behind a month-long report. Only a database on this host
 * (loopback or a socket) is concerned, and only a process that is a PostgreSQL backend
 * (`/proc/<pid>/comm`), so a pid of another pid namespace (a container) is never touched.
 */
export function isLocalDatabase(host: string | undefined | null) {
  if (!host) return false
  return host.startsWith('/') || ['127.0.0.1', 'localhost', '::1'].includes(host)
}

/** The database host of a connection string or of DB_HOST (none: not known). */
export function databaseHost(databaseUrl: string | undefined, dbHost: string | undefined) {
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl)
      return url.hostname.replace(/^\[|\]$/g, '') || url.searchParams.get('host')
    } catch {
      return null
    }
  }
  return dbHost ?? '127.0.0.1'
}

function isPostgresBackend(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
  } catch {
    return false
  }
}

interface PgClient {
  query(text: string, callback: (error: Error | null, result: { rows: any[] }) => void): void
}

/**
 * A knex pool `afterCreate` hook that lowers the priority of each new connection's backend
 * to `nice`. Never fails the connection: without the right to renice, it stays as it is.
 */
export function lowerBackendPriority(nice: number) {
  return (connection: PgClient, done: (error: Error | null, connection: PgClient) => void) => {
    connection.query('SELECT pg_backend_pid() AS pid', (error, result) => {
      const pid = error ? null : Number(result.rows[0]?.pid)
      if (pid && isPostgresBackend(pid)) {
        try {
          if (os.getPriority(pid) < nice) os.setPriority(pid, nice)
        } catch {
          // Not ours to renice (another user's server without the right): left as it is.
        }
      }
      done(null, connection)
    })
  }
}
