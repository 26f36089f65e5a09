/**
 * `npm test [-- japa args]`: runs the Japa suites against a real PostgreSQL.
 * Uses DATABASE_URL when given; otherwise a throwaway embedded PostgreSQL that
 * is removed afterwards. Prints a plain "N passed, N failed" line at the end.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createConnection } from 'node:net'
import { freePort, startEmbeddedPostgres } from './embedded_postgres.js'

function reachable(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

const env = {
  ...process.env,
  NODE_ENV: 'test',
  TZ: 'UTC',
  APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('hex'),
  SESSION_DRIVER: 'memory',
  LIMITER_STORE: process.env.LIMITER_STORE ?? 'memory',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  HOST: '127.0.0.1',
  // Tests stand for different clients through X-Forwarded-For (rate limits per address).
  TRUST_PROXY: 'true',
  PORT: process.env.TEST_PORT ?? String(await freePort()),
}
env.APP_URL = `http://${env.HOST}:${env.PORT}`
// A real SMTP server is started on this port by tests/bootstrap.ts.
env.SMTP_HOST = '127.0.0.1'
env.SMTP_PORT = String(await freePort())
env.MAIL_FROM_ADDRESS ??= 'no-reply@fleettrack.test'

// Live updates cross processes through Redis; the cross-process test needs one.
if (!env.REDIS_URL && (await reachable(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379'

let embedded = null
let tempDir = null
if (!env.DATABASE_URL) {
  tempDir = mkdtempSync(join(tmpdir(), 'fleettrack-test-'))
  embedded = await startEmbeddedPostgres({
    dataDir: join(tempDir, 'pg'),
    port: await freePort(),
    databases: ['fleettrack_test'],
  })
  env.DATABASE_URL = embedded.url('fleettrack_test')
}

const child = spawn(process.execPath, ['ace', 'test', ...process.argv.slice(2)], {
  env,
  stdio: ['inherit', 'pipe', 'inherit'],
})

let output = ''
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  output += chunk.toString()
  if (output.length > 200_000) output = output.slice(-100_000)
})

const exitCode = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))

const summary = /Tests\s+(.*?)\((\d+)\)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''))
if (summary) {
  const passed = /(\d+) passed/.exec(summary[1])?.[1] ?? '0'
  const failed = /(\d+) failed/.exec(summary[1])?.[1] ?? '0'
  console.log(`${passed} passed, ${failed} failed`)
}

if (embedded) await embedded.stop().catch(() => {})
if (tempDir) rmSync(tempDir, { recursive: true, force: true })
process.exit(exitCode)
