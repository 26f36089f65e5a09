/**
 * `npm start`: the whole product on one machine.
 *  1. .env is created from .env.example on first run, with a fresh APP_KEY;
 *  2. without DATABASE_URL, an embedded PostgreSQL keeps its data in .data/postgres;
 *  3. the production build is made when the sources are newer than it;
 *  4. pending migrations run, and an empty database gets the demo account;
 *  5. the server starts (web, plus the tracker listener and scheduler once they exist).
 */
import { spawn, spawnSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  readFileSync,
  statSync,
  writeFileSync,
  readdirSync,
} from 'node:fs'
import { join, resolve } from 'node:path'
import { startEmbeddedPostgres } from './embedded_postgres.js'
import { startEnv } from './start_env.js'

const root = resolve(import.meta.dirname, '..')
const envFile = join(root, '.env')

function readDotEnv() {
  if (!existsSync(envFile)) {
    copyFileSync(join(root, '.env.example'), envFile)
    const key = randomBytes(32).toString('base64url')
    writeFileSync(envFile, readFileSync(envFile, 'utf8').replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`))
    console.log('Created .env with a new APP_KEY')
  }
  // Web push needs a VAPID key pair that outlives restarts (browsers subscribe to its
  // public key): made once, like APP_KEY, unless .env or the environment has one.
  const current = readFileSync(envFile, 'utf8')
  if (!/^VAPID_PUBLIC_KEY=\S/m.test(current) && !process.env.VAPID_PUBLIC_KEY) {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const privateKey = ecdh.getPrivateKey()
    const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey])
    const lines = [
      `VAPID_PUBLIC_KEY=${ecdh.getPublicKey().toString('base64url')}`,
      `VAPID_PRIVATE_KEY=${padded.toString('base64url')}`,
    ]
    const cleaned = current.replace(/^VAPID_(PUBLIC|PRIVATE)_KEY=.*\n?/gm, '')
    writeFileSync(envFile, `${cleaned.replace(/\n?$/, '\n')}${lines.join('\n')}\n`)
    console.log('Added a new VAPID key pair (web push) to .env')
  }
  const values = {}
  for (const line of readFileSync(envFile, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line)
    if (match) values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2')
  }
  return values
}

function newestSourceTime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'build', '.data', '.git', 'tmp', 'public'].includes(entry.name)) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs)
  }
  return newest
}

async function waitForDatabase(url) {
  const { default: pg } = await import('pg')
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.end()
      if (attempt > 0) console.log('The database answers; starting')
      return
    } catch (error) {
      const delay = Math.min(5000, 250 * 2 ** attempt)
      console.log(`Waiting for the database (${error?.message ?? error}); retrying in ${delay} ms`)
      await client.end().catch(() => {})
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

function run(args, env, cwd = root) {
  const result = spawnSync(process.execPath, args, { cwd, env, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`"node ${args.join(' ')}" failed`)
    process.exit(result.status ?? 1)
  }
}

const env = startEnv(readDotEnv(), process.env)
if (!env.APP_KEY) {
  console.error('APP_KEY is empty: set it in .env or the environment')
  process.exit(1)
}

// One process serves the site and the trackers (see README "Processes").
env.TRACKER_LISTENER ??= 'true'
// …and runs the scheduler (scheduled reports); `node ace scheduler:run` runs it on its own.
env.SCHEDULER ??= 'true'

let embedded = null
if (!env.DATABASE_URL) {
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329)
  embedded = await startEmbeddedPostgres({
    dataDir: join(root, '.data', 'postgres'),
    port,
    databases: ['fleettrack'],
  })
  env.DATABASE_URL = embedded.url('fleettrack')
  // A small demo fleet drives around Istanbul and Tallinn on the embedded database.
  env.DEMO_FLEET ??= '12'
  console.log(`Embedded PostgreSQL on port ${port} (data in .data/postgres)`)
}

// A database that is down (or still starting) is waited for, with back-off, saying why:
// migrations and the server need it.
await waitForDatabase(env.DATABASE_URL)

const buildStamp = join(root, 'build', '.build-stamp')
const builtAt = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0
if (newestSourceTime(root) > builtAt) {
  console.log('Building the production bundle...')
  run(['ace', 'build'], { ...env, NODE_ENV: 'development' })
  writeFileSync(buildStamp, new Date().toISOString())
}

const build = join(root, 'build')
run(['ace.js', 'migration:run', '--force'], env, build)
run(['ace.js', 'db:seed'], env, build)

const server = spawn(process.execPath, ['bin/server.js'], { cwd: build, env, stdio: 'inherit' })
let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  server.kill(signal)
  await new Promise((done) => server.once('exit', done))
  if (embedded) await embedded.stop().catch(() => {})
  process.exit(0)
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
server.on('exit', async (code) => {
  if (stopping) return
  if (embedded) await embedded.stop().catch(() => {})
  process.exit(code ?? 1)
})
