/**
 * Mixed-load benchmark: `npm run bench:mixed`
 * (node --import @poppinss/ts-exec benchmarks/mixed.ts).
 *
 * One web process that also runs the tracker listener (TRACKER_LISTENER=true, as `npm start`
 * runs it; from the production build, which must be newer than the sources: `node ace build`;
 * BENCH_BUILD names another build folder, BENCH_WEB_FLAGS adds Node flags), prints its memory at rest (after a visit of each
 * page) and, at the same time, for BENCH_SECONDS:
 *  - BENCH_TRACKERS (1000) simulated Teltonika trackers sending BENCH_RATE (5000) positions/s
 *    in all to the real listener: ack p99;
 *  - BENCH_USERS (20) signed-in users, each opening in turn a report of the registry for the
 *    whole fleet and the last 30 days, its CSV export, the live map (and the fleet it loads),
 *    a table page and its data, one request after the other with BENCH_THINK_MS (1000)
 *    between them: page p99. Each sends what the browser sends: the back office's sidebar,
 *    breadcrumbs and report parameters navigate with Inertia's router, so a user's first page
 *    is a full page load (HTML, server-rendered) and every later page an Inertia visit (an XHR
 *    with `X-Inertia` and `X-Inertia-Version`, answered with the page's JSON, no server
 *    rendering) (BENCH_USER_MODEL=session, the default); exports are downloads, the table's
 *    data and the live map's fleet XHR. BENCH_USER_MODEL=page makes the first visit of each
 *    page a full load (as if each were opened in a new tab), BENCH_USER_MODEL=full-loads every
 *    visit (the model of the figures before 2026-11-29 15:00);
 *  - one user sending the worst requests the request limits know: the widest period
 *    (0001-01-01..9999-12-31) on every report, the longest allowed period (366 days) on
 *    every report and its XLSX export, the largest table export and history over its
 *    longest range: the slowest answer;
 * and prints ack p99, the ordinary users' page p99, the slowest answer, the web process's
 * peak memory (RSS) and whether any acknowledged position is missing from the database,
 * against the targets of docs/request-limits.md.
 *
 * Before the load, BENCH_HISTORY_VEHICLES (50) vehicles get 31 days of history (a position
 * every BENCH_HISTORY_INTERVAL = 120 s; fleet:generate-history) so that the reports read a
 * month. Only 127.0.0.1 is targeted; an embedded PostgreSQL in a temp folder unless
 * DATABASE_URL is set (the company it made is then deleted); everything started is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { SimulatedFleet, fleetVehicles } from '#tracking/simulator/simulated_fleet'
import {
  benchDatabase,
  createBenchCompany,
  embeddedPostgresModule,
  migrate,
  registerBenchDevices,
  removeBenchData,
} from './ingest/bench_database.js'
import { listenerEntry } from './ingest/listener_process.js'
import { setting } from './ingest/settings.js'
import { PostgresCpu } from './ingest/postgres_cpu.js'
import { freeTrackingPorts, trackingPortVariables } from '#tracking/protocols/registry'

const HOST = '127.0.0.1'
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const ROOT_URL = new URL('..', import.meta.url)
const ZONE = 'Europe/Istanbul'
const PASSWORD = 'bench-password'

/** What the issue asks of this machine (docs/request-limits.md). */
const TARGETS = { ackP99: 100, pageP99: 500, slowest: 10_000, rssBytes: 1024 ** 3 }

const settings = {
  trackers: Math.round(setting('BENCH_TRACKERS', 1000, 20_000)),
  rate: setting('BENCH_RATE', 5000, 100_000),
  users: Math.round(setting('BENCH_USERS', 20, 500)),
  seconds: setting('BENCH_SECONDS', 60, 600),
  warmup: setting('BENCH_WARMUP', 8, 120),
  thinkMs: setting('BENCH_THINK_MS', 1000, 60_000),
  historyVehicles: Math.round(setting('BENCH_HISTORY_VEHICLES', 50, 5000)),
  historyInterval: setting('BENCH_HISTORY_INTERVAL', 120, 3600),
  userModel: (['page', 'full-loads'].includes(process.env.BENCH_USER_MODEL ?? '')
    ? process.env.BENCH_USER_MODEL
    : 'session') as 'session' | 'page' | 'full-loads',
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`

function percentile(values: number[], p: number) {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Resident memory of a process and its children (the Vite dev server's, in development). */
function rssOf(pid: number): number {
  const pids = [pid]
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    if (children) pids.push(...children.split(/\s+/).map(Number))
  } catch {}
  let total = 0
  for (const one of pids) {
    try {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${one}/status`, 'utf8'))
      total += match ? Number(match[1]) * 1024 : 0
    } catch {}
  }
  return total
}

/**
 * CPU time (user + system, seconds) of a process's threads so far, by thread name (the main
 * thread is named after the program; worker threads and libuv's pool have names of their
 * own), and of its child processes (Chromium printing PDFs) as "children". CPU time, not wall
 * time: comparable between runs when other work shares the cores.
 */
function threadCpu(pid: number): Map<string, number> {
  const byName = new Map<string, number>()
  const add = (name: string, seconds: number) => byName.set(name, (byName.get(name) ?? 0) + seconds)
  const fieldsOf = (path: string) => {
    const stat = readFileSync(path, 'utf8')
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      fields: stat.slice(stat.lastIndexOf(')') + 2).split(' '),
    }
  }
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const { name, fields } = fieldsOf(`/proc/${pid}/task/${tid}/stat`)
        add(tid === String(pid) ? 'main' : name, (Number(fields[11]) + Number(fields[12])) / 100)
      } catch {}
    }
    const { fields } = fieldsOf(`/proc/${pid}/stat`)
    add('children', (Number(fields[13]) + Number(fields[14])) / 100)
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    for (const child of children ? children.split(/\s+/) : []) {
      try {
        const { fields: own } = fieldsOf(`/proc/${child}/stat`)
        add(
          'children',
          (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) / 100
        )
      } catch {}
    }
  } catch {}
  return byName
}

/** RSS and threads of a process and of each child process (at rest: nothing in flight). */
function residentMemory(pid: number) {
  const one = (id: number) => {
    const status = readFileSync(`/proc/${id}/status`, 'utf8')
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
    return `${mib(field('VmRSS') * 1024)} (${field('Threads')} threads)`
  }
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    const ids = children ? children.split(/\s+/).map(Number) : []
    return `web ${one(pid)}${ids.map((id) => `, child ${one(id)}`).join('')}, in all ${mib(rssOf(pid))}`
  } catch {
    return 'not known'
  }
}

function cpuDelta(after: Map<string, number>, before: Map<string, number>) {
  const delta = new Map<string, number>()
  for (const [name, seconds] of after) delta.set(name, seconds - (before.get(name) ?? 0))
  return delta
}

const cleanups: (() => Promise<void>)[] = []
async function cleanup() {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error) => console.error(`cleanup: ${(error as Error).message}`))
  }
}

/** Users, memberships and a month of history, written through the app's own code. */
async function seed(env: NodeJS.ProcessEnv, companyId: number) {
  Object.assign(process.env, env)
  const { Ignitor } = await import('@adonisjs/core')
  const ignitor = new Ignitor(ROOT_URL, {
    importer: (path: string) => import(new URL(path, ROOT_URL).href),
  })
  const app = ignitor.createApp('console')
  await app.init()
  await app.boot()
  await import('#start/env')
  await app.start(() => {})
  try {
    const { DateTime } = await import('luxon')
    const { default: User } = await import('#models/user')
    const { default: Company } = await import('#models/company')
    const { addMember } = await import('#actions/accounts/team_membership')
    const { generateHistory } = await import('#tracking/history/generate_history')
    const company = await Company.findOrFail(companyId)
    const emails: string[] = []
    for (let index = 0; index <= settings.users; index++) {
      const email = `bench-${companyId}-${index}@example.com`
      const user = await User.create({
        email,
        password: PASSWORD,
        emailVerifiedAt: DateTime.now(),
        timezone: ZONE,
      })
      // The lowest role: what every user may send.
      await addMember(company, user, 'user')
      emails.push(email)
    }
    const history = await generateHistory({
      companyId,
      vehicles: settings.historyVehicles,
      days: 31,
      intervalSeconds: settings.historyInterval,
      now: DateTime.now().setZone(ZONE).startOf('day').minus({ milliseconds: 1 }),
      timezone: ZONE,
    })
    console.log(
      `seeded ${emails.length} users and ${history.positions.toLocaleString('en')} positions of history (${history.trips} trips)`
    )
    const { reportsBySlug } = await import('#reports/registry')
    const { routeTable } = await import('#shared/route_table')
    const reports = Object.keys(reportsBySlug)
      .filter((slug) => Object.hasOwn(routeTable, `reports.${slug}`))
      .map((slug) => (routeTable as Record<string, { en: string }>)[`reports.${slug}`].en)
    return { emails, reports }
  } finally {
    await app.terminate()
  }
}

/**
 * The web process (with the tracker listener) from the production build: server-side
 * rendering outside the dev server needs the built SSR bundle.
 */
function startWeb(env: NodeJS.ProcessEnv): ChildProcess & { recent: () => string } {
  // The migration run rewrites database/schema.ts, so the build may look older than the
  // sources without being so: any build is taken, and a stale one said.
  const build = process.env.BENCH_BUILD ?? join(ROOT, 'build')
  if (!existsSync(join(build, 'bin', 'server.js'))) {
    throw new Error('bench:mixed runs the production build: run `node ace build` first')
  }
  if (listenerEntry(ROOT).from !== 'build') {
    console.log('note: some source file is newer than the build (`node ace build` to refresh)')
  }
  const profileDir = process.env.BENCH_PROFILE_DIR
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      // Node flags of the web process (BENCH_WEB_FLAGS, e.g. `--max-semi-space-size=16`; the
      // listener processes it forks inherit them, as they would from `node <flags> bin/server.js`).
      ...(process.env.BENCH_WEB_FLAGS ?? '').split(/\s+/).filter(Boolean),
      'bin/server.js',
    ],
    {
      cwd: build,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-6000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return Object.assign(child, { recent: () => output.trim() })
}

interface Answer {
  path: string
  status: number
  ms: number
}

/** One request, its body read to the end (an export is timed until its last byte). */
async function timed(
  base: string,
  path: string,
  cookie: string,
  headers: Record<string, string> = {}
): Promise<Answer & { body?: string }> {
  const started = performance.now()
  try {
    const response = await fetch(`${base}${path}`, {
      headers: { cookie, ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    })
    const keep = response.headers.get('content-type')?.startsWith('text/html')
    const body = keep ? await response.text() : (await response.arrayBuffer(), undefined)
    return { path, status: response.status, ms: performance.now() - started, body }
  } catch {
    return { path, status: 0, ms: performance.now() - started }
  }
}

/** The asset version a full page load's page object carries (sent back on Inertia visits). */
function inertiaVersion(html: string | undefined): string | null {
  const match = /(?:"|&quot;|&#34;)version(?:"|&quot;|&#34;):(?:"|&quot;|&#34;)([^"&]+)/.exec(
    html ?? ''
  )
  return match ? match[1] : null
}

/** Whether a path is a page of the back office (not an export, a table's data or a fleet). */
const isPage = (path: string) => !/\/(export|data|fleet)(\.csv)?(\?|$)/.test(path)

/**
 * One signed-in browser: its first page a full page load, the later ones Inertia visits (the
 * headers Inertia's router sends), as the back office's links and report parameters navigate
 * (BENCH_USER_MODEL); downloads and XHR as they are.
 */
function browserOf(base: string, cookie: string) {
  const visited = new Set<string>()
  let version: string | null = null
  return async (path: string): Promise<Answer> => {
    const page = settings.userModel === 'page' ? path.split('?')[0] : 'app'
    if (settings.userModel === 'full-loads' || !isPage(path)) return timed(base, path, cookie)
    if (!visited.has(page) || version === null) {
      const answer = await timed(base, path, cookie)
      if (answer.status === 200) {
        visited.add(page)
        version = inertiaVersion(answer.body) ?? version
      }
      return { path: answer.path, status: answer.status, ms: answer.ms }
    }
    const answer = await timed(base, path, cookie, {
      'X-Inertia': 'true',
      'X-Inertia-Version': version,
      'X-Requested-With': 'XMLHttpRequest',
      'Accept': 'text/html, application/xhtml+xml',
    })
    return { path: `${answer.path} (inertia)`, status: answer.status, ms: answer.ms }
  }
}

/**
 * `BENCH_ONLY=paths`: no trackers and no concurrency, each path alone (a page also as an
 * Inertia visit; `BENCH_ONLY=ordinary-paths`: the ordinary users' paths only), three times: its
 * answer time and the CPU time the web process and PostgreSQL spent on it (medians), the
 * cost of each kind of request the mixed load is made of.
 */
async function costPerPath(
  base: string,
  cookie: string,
  paths: string[],
  webPid: number,
  pool: pg.Pool
) {
  const postgresCpu = await PostgresCpu.of(pool)
  const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0)
  const median = (values: number[]) => percentile(values, 50)
  let sums = { ms: 0, web: 0, postgres: 0 }
  // Each page also as an Inertia visit (what every page but a user's first is).
  const first = await timed(base, paths[0], cookie)
  const version = inertiaVersion(first.body)
  const inertia = {
    'X-Inertia': 'true',
    'X-Inertia-Version': version ?? '',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept': 'text/html, application/xhtml+xml',
  }
  const variants = [...new Set(paths)].flatMap((path) =>
    isPage(path) && version ? [{ path }, { path, headers: inertia }] : [{ path }]
  )
  for (const { path, headers } of variants) {
    const runs: { ms: number; web: number; postgres: number; status: number }[] = []
    for (let run = 0; run < 3; run++) {
      const web = threadCpu(webPid)
      const postgres = postgresCpu?.seconds() ?? 0
      const answer = await timed(base, path, cookie, headers)
      // The CPU counters tick every 10 ms; the threads settle after the answer.
      await sleep(30)
      runs.push({
        ms: answer.ms,
        web: (total(threadCpu(webPid)) - total(web)) * 1000,
        postgres: ((postgresCpu?.seconds() ?? 0) - postgres) * 1000,
        status: answer.status,
      })
    }
    const line = {
      ms: median(runs.map((one) => one.ms)),
      web: median(runs.map((one) => one.web)),
      postgres: median(runs.map((one) => one.postgres)),
    }
    sums = {
      ms: sums.ms + line.ms,
      web: sums.web + line.web,
      postgres: sums.postgres + line.postgres,
    }
    console.log(
      `${line.ms.toFixed(0).padStart(6)} ms  web ${line.web.toFixed(0).padStart(5)} ms  PostgreSQL ${line.postgres.toFixed(0).padStart(5)} ms  ${runs[0].status}  ${path}${headers ? ' (inertia)' : ''}`
    )
  }
  console.log(
    `in all ${sums.ms.toFixed(0)} ms, web ${sums.web.toFixed(0)} ms, PostgreSQL ${sums.postgres.toFixed(0)} ms of CPU`
  )
}

async function main() {
  console.log(
    `FleetTrack mixed-load benchmark: ${os.cpus().length} cores, ${mib(os.totalmem())} RAM, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)}`
  )
  console.log(`settings: ${JSON.stringify(settings)}`)
  const database = await benchDatabase(ROOT)
  cleanups.push(database.stop)
  const { freePort } = await embeddedPostgresModule(ROOT)
  const ports = { web: await freePort(), ...(await freeTrackingPorts(freePort)) }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('hex'),
    HOST,
    PORT: String(ports.web),
    APP_URL: `http://${HOST}:${ports.web}`,
    SESSION_DRIVER: 'cookie',
    TRACKER_LISTENER: 'true',
    TRACKER_HOST: HOST,
    ...trackingPortVariables(ports),
    TRACKER_MAX_CONNECTIONS_PER_ADDRESS: '0',
  }
  await migrate(ROOT, env)
  const pool = new pg.Pool({ connectionString: database.url, max: 3 })
  pool.on('error', () => {})
  cleanups.push(() => pool.end())
  const companyId = await createBenchCompany(pool)
  if (!database.embedded) cleanups.push(() => removeBenchData(pool, companyId))
  const firstImei = `87${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}000000000`
  await registerBenchDevices(pool, companyId, firstImei, settings.trackers)
  const { emails, reports } = await seed(env, companyId)
  const { rows: historyVehicle } = await pool.query(
    'SELECT max(id) AS id FROM devices WHERE company_id = $1',
    [companyId]
  )

  const web = startWeb(env)
  cleanups.push(async () => {
    if (web.exitCode === null) web.kill('SIGTERM')
    await sleep(500)
  })
  const base = `http://${HOST}:${ports.web}`
  for (let waited = 0; ; waited += 500) {
    if (web.exitCode !== null) throw new Error(`web process exited:\n${web.recent()}`)
    const ready = await fetch(`${base}/login`).then(
      (response) => response.status === 200,
      () => false
    )
    if (ready) break
    if (waited > 120_000) throw new Error(`web process not ready:\n${web.recent()}`)
    await sleep(500)
  }
  // Imported once the environment is set: the helper reads #start/env.
  const { signInAt } = await import('#tests/helpers/http_session')
  const cookies = await Promise.all(emails.map((email) => signInAt(base, email, PASSWORD)))
  const signedIn = await timed(base, '/backend/reports', cookies[0])
  if (signedIn.status !== 200) throw new Error(`sign-in failed (${signedIn.status})`)
  const worstCookie = cookies.pop()!

  const today = new Date()
  const day = (daysAgo: number) =>
    new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  const month = `period=custom&from=${day(30)}&to=${day(1)}`
  const year = `period=custom&from=${day(366)}&to=${day(1)}`
  const ordinaryPaths = [
    ...reports.map((path) => `${path}?${month}`),
    ...reports.slice(0, 6).map((path) => `${path}/export?${month}&format=csv`),
    '/backend/live',
    '/backend/live/fleet',
    '/backend/settings/devices',
    '/backend/settings/devices/data?perPage=50',
  ]
  const worstKinds = [
    reports.map((path) => `${path}?period=custom&from=0001-01-01&to=9999-12-31`),
    reports.map((path) => `${path}?${year}&perPage=500`),
    reports.map((path) => `${path}/export?${year}&format=xlsx`),
    [
      `/backend/settings/devices/export?format=xlsx&from=${day(1829)}&to=${day(0)}`,
      `/backend/history/export.csv?deviceId=${historyVehicle[0].id}&from=${day(31)}&to=${day(1)}`,
      '/backend/reports/fuel-consumptions-daily?period=nope',
    ],
  ]
  // One of each kind in turn, so that a short run reaches every kind.
  const worstPaths = Array.from(
    { length: Math.max(...worstKinds.map((kind) => kind.length)) * worstKinds.length },
    (_, index) => {
      const kind = worstKinds[index % worstKinds.length]
      return kind[Math.floor(index / worstKinds.length) % kind.length]
    }
  )
  // Each page once before anything is measured (the first render loads its modules).
  console.log('warming up the pages ...')
  for (const path of new Set(ordinaryPaths.map((one) => one.split('?')[0]))) {
    await timed(base, path, cookies[0])
  }
  console.log(`at rest: ${residentMemory(web.pid!)}`)
  if (process.env.BENCH_ONLY === 'rest') return
  if (process.env.BENCH_ONLY === 'paths' || process.env.BENCH_ONLY === 'ordinary-paths') {
    const paths =
      process.env.BENCH_ONLY === 'paths' ? [...ordinaryPaths, ...worstPaths] : ordinaryPaths
    await costPerPath(base, cookies[0], paths, web.pid!, pool)
    return
  }

  const fleet = new SimulatedFleet({
    host: HOST,
    ports: { teltonika: ports.teltonika, gt06: ports.gt06, osmand: ports.osmand },
    vehicles: fleetVehicles(settings.trackers, firstImei, 'teltonika'),
    intervalSeconds: 10,
    speedup: (settings.rate * 10) / settings.trackers,
    clockStart: new Date(Date.now() - 3_600_000),
    teltonikaCodec: 'mixed',
    connectSpreadSeconds: 2,
  })
  cleanups.push(() => fleet.stop())
  fleet.start()
  console.log(
    `${settings.trackers} trackers at ${settings.rate}/s; warming up ${settings.warmup} s`
  )
  await sleep(settings.warmup * 1000)
  fleet.stats.ackLatency.reset()

  const ordinary: Answer[] = []
  const worst: Answer[] = []
  const postgresCpu = await PostgresCpu.of(pool)
  const cpuBefore = {
    web: threadCpu(web.pid!),
    postgres: postgresCpu?.seconds() ?? 0,
    bench: process.cpuUsage(),
    acked: fleet.stats.snapshot().recordsAcked,
  }
  let peakRss = rssOf(web.pid!)
  const end = performance.now() + settings.seconds * 1000
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(web.pid!))), 250)
  console.log(`measuring ${settings.seconds} s: ${cookies.length} users and one sending the worst`)
  const userLoop = async (cookie: string, offset: number) => {
    const browser = browserOf(base, cookie)
    for (let step = offset; performance.now() < end; step++) {
      ordinary.push(await browser(ordinaryPaths[step % ordinaryPaths.length]))
      await sleep(settings.thinkMs * (0.5 + Math.random()))
    }
  }
  const worstLoop = async () => {
    for (let step = 0; performance.now() < end; step++) {
      worst.push(await timed(base, worstPaths[step % worstPaths.length], worstCookie))
    }
  }
  await Promise.all([...cookies.map((cookie, index) => userLoop(cookie, index * 3)), worstLoop()])
  clearInterval(sampler)
  const webCpu = cpuDelta(threadCpu(web.pid!), cpuBefore.web)
  const postgresSeconds = (postgresCpu?.seconds() ?? 0) - cpuBefore.postgres
  const benchUsage = process.cpuUsage(cpuBefore.bench)
  const ackedInWindow = fleet.stats.snapshot().recordsAcked - cpuBefore.acked
  const ack = fleet.stats.ackLatency.summary()
  await fleet.stop()
  await sleep(2000)
  const snapshot = fleet.stats.snapshot()
  const { rows } = await pool.query(
    `SELECT count(*)::bigint AS stored FROM positions p JOIN devices d ON d.id = p.device_id
      WHERE d.company_id = $1 AND d.imei >= $2 AND d.imei < $3`,
    [
      companyId,
      firstImei.padStart(15, '0'),
      String(BigInt(firstImei) + BigInt(settings.trackers)).padStart(15, '0'),
    ]
  )
  const stored = Number(rows[0].stored)
  const lost = Math.max(0, snapshot.recordsAcked - stored)

  const all = [...ordinary, ...worst]
  const slowest = all.reduce((a, b) => (b.ms > a.ms ? b : a), { path: '-', status: 0, ms: 0 })
  const errors = all.filter((answer) => answer.status === 0 || answer.status >= 500)
  const statuses = (answers: Answer[]) => {
    const counts = new Map<number, number>()
    for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1)
    return [...counts].map(([status, count]) => `${status}×${count}`).join(' ')
  }
  const pageP99 = percentile(
    ordinary.map((answer) => answer.ms),
    99
  )
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
  const kinds = (answers: Answer[]) => {
    const byKind = new Map<string, number[]>()
    for (const answer of answers) {
      const kind = answer.path.endsWith('(inertia)')
        ? 'Inertia visit'
        : isPage(answer.path)
          ? 'full page load'
          : /\/export/.test(answer.path)
            ? 'export'
            : 'XHR'
      byKind.set(kind, [...(byKind.get(kind) ?? []), answer.ms])
    }
    return [...byKind]
      .map(
        ([kind, ms]) =>
          `${kind} ${ms.length}× p50 ${percentile(ms, 50).toFixed(0)} p99 ${percentile(ms, 99).toFixed(0)} ms`
      )
      .join(', ')
  }
  console.log(`
ordinary requests ${ordinary.length} (${statuses(ordinary)}), worst requests ${worst.length} (${statuses(worst)})
by kind          ${kinds(ordinary)}
ack p99          ${ack.p99.toFixed(1)} ms (p50 ${ack.p50.toFixed(1)}, ${ack.count} acks)   target < ${TARGETS.ackP99} ms: ${check(ack.p99 < TARGETS.ackP99)}
page p99         ${pageP99.toFixed(0)} ms (p50 ${percentile(
    ordinary.map((answer) => answer.ms),
    50
  ).toFixed(0)})   target < ${TARGETS.pageP99} ms: ${check(pageP99 < TARGETS.pageP99)}
slowest answer   ${slowest.ms.toFixed(0)} ms (${slowest.status} ${slowest.path})   target < ${TARGETS.slowest} ms: ${check(slowest.ms < TARGETS.slowest)}
web process RSS  peak ${mib(peakRss)}   target < ${mib(TARGETS.rssBytes)}: ${check(peakRss < TARGETS.rssBytes)}
acknowledged     ${snapshot.recordsAcked} positions, ${stored} stored, lost ${lost}: ${check(lost === 0)}
5xx or no answer ${errors.length}${
    errors.length
      ? ` (${errors
          .slice(0, 3)
          .map((answer) => `${answer.status} ${answer.path}`)
          .join(', ')})`
      : ''
  }
cpu (measured)   web ${[...webCpu.values()].reduce((a, b) => a + b, 0).toFixed(1)} s (${[...webCpu]
    .filter(([, seconds]) => seconds >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
    .join(
      ', '
    )}), PostgreSQL ${postgresCpu ? `${postgresSeconds.toFixed(1)} s` : 'not local'}, load generator and users ${((benchUsage.user + benchUsage.system) / 1e6).toFixed(1)} s over ${settings.seconds} s; ${ackedInWindow} positions acked, ${all.length} requests answered
load average     ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`)
  const met =
    ack.p99 < TARGETS.ackP99 &&
    pageP99 < TARGETS.pageP99 &&
    slowest.ms < TARGETS.slowest &&
    peakRss < TARGETS.rssBytes &&
    lost === 0 &&
    errors.length === 0
  console.log(met ? 'every target met' : 'targets missed')
  if (web.exitCode !== null) console.log(`web process exited:\n${web.recent()}`)
}

process.on('SIGINT', () => void cleanup().then(() => process.exit(130)))
try {
  await main()
} finally {
  await cleanup()
}
process.exit(process.exitCode ?? 0)
