import pg from 'pg'
import app from '@adonisjs/core/services/app'
import type { SqlClient, SqlPool } from '../pipeline/batch_writer.js'

/**
 * A node-postgres pool on the application's database, for the ingest hot path
 * (arrays bound as PostgreSQL arrays, no query builder in between).
 */
export function createIngestPool(max = 4): {
  pool: SqlPool
  end: () => Promise<void>
  raw: pg.Pool
} {
  const connection = app.config.get<Record<string, unknown>>(
    'database.connections.postgres.connection'
  )
  const raw = new pg.Pool({ ...(connection as pg.PoolConfig), max })
  raw.on('error', () => {})
  return {
    raw,
    pool: {
      acquire: async () => (await raw.connect()) as unknown as SqlClient,
      release: (client, failed) =>
        (client as unknown as pg.PoolClient).release(failed ? true : undefined),
    },
    end: () => raw.end(),
  }
}
