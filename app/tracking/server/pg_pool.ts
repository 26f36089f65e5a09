import pg from 'pg'
import app from '@adonisjs/core/services/app'
import { INGEST_SESSION_SETUP, type SqlClient, type SqlPool } from '../pipeline/batch_writer.js'
import { copiesFromStdin } from '#services/pg_copy'

/** A node-postgres client as the batch writer uses it: queries, and COPY FROM STDIN in one round trip. */
export class PgSqlClient implements SqlClient {
  constructor(readonly client: pg.ClientBase) {}

  query(text: string, values?: unknown[]) {
    return this.client.query(text, values)
  }

  copyFrom(sql: string, data: Buffer[]): Promise<number> {
    return copiesFromStdin(
      this.client,
      sql,
      data.map((copy) => [copy])
    )
  }
}

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
  // A connection attempt gives up after 5 s (an unreachable host must not hold a frame
  // forever); TCP keep-alive notices a database host that vanished.
  const raw = new pg.Pool({
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    ...(connection as pg.PoolConfig),
    max,
  })
  // Idle connections killed by the server (restart, pg_terminate_backend) are dropped
  // by the pool; the next query opens a new one.
  raw.on('error', () => {})
  // A connection killed while checked out and between two queries emits 'error' on the
  // client itself (not the pool): without a listener that would end the process. The next
  // query on it fails, and the writer releases it as broken.
  raw.on('connect', (client) => client.on('error', () => {}))
  // Connections the batch writer's session setup ran on. A connection it fails on is dropped
  // and the acquire fails, as a connection that cannot be opened does.
  const prepared = new WeakSet<pg.PoolClient>()
  const acquire = async () => {
    const client = await raw.connect()
    if (!prepared.has(client)) {
      try {
        await client.query(INGEST_SESSION_SETUP)
      } catch (error) {
        client.release(true)
        throw error
      }
      prepared.add(client)
    }
    return new PgSqlClient(client)
  }
  return {
    raw,
    pool: {
      acquire,
      release: (client, failed) =>
        ((client as PgSqlClient).client as pg.PoolClient).release(failed ? true : undefined),
    },
    end: () => raw.end(),
  }
}
