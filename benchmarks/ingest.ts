/**
 * Ingest benchmark: `npm run bench:ingest`
 * (node --import @poppinss/ts-exec benchmarks/ingest.ts).
 *
 * Starts its own embedded PostgreSQL in a temp folder (unless DATABASE_URL is set), migrates,
 * runs the tracker listener in a child process (`node ace tracker:listen`, so its memory is
 * measured alone; from the production build when one is newer than the sources, see
 * `listenerEntry`), registers the devices in SQL and drives simulated fleets at it from this
 * process, of Teltonika devices or of the family BENCH_PROTOCOL names (any registered one:
 * gt06, osmand, h02, gps103, meitrack, ruptela, gl200):
 *
 *   C. connections (first, on a fresh listener): BENCH_CONNECTIONS devices logged in and idle,
 *      from several load-generating processes (12,500 devices each, each from its own loopback
 *      source address), across BENCH_WORKERS listener worker processes
 *      (`tracker:listen --workers`); the listener's RSS with them (all its processes), and,
 *      while they stay connected, BENCH_DEVICES more devices paced at BENCH_LOADED_RATE
 *      positions/s (default: the idle ones' count / 30, as if each sent every 30 s): ack p50/p99;
 *   B. latency (before A, so that it measures a steady load, not the wake of a saturation run):
 *      BENCH_DEVICES devices paced at BENCH_RATE positions/s, one record per packet: ack p50/p99;
 *   A. throughput: the same number of devices, each sending its next BENCH_RECORDS_PER_PACKET
 *      records as soon as the previous are acknowledged: positions committed per second (rows
 *      counted in PostgreSQL);
 *   A1. the same with one record per packet (fresh devices): one frame, one commit wait and one
 *      ack per position;
 *   D. the raw COPY throughput of the rows phase A stored, and ingest/COPY (A and A1);
 *   E. geofences: BENCH_ZONES (1000) zones for the company (circles and polygons around the
 *      fleet's cities, every vehicle tested against them at every fix), then phase A again
 *      with fresh devices: throughput with zones / without (target: at least 0.9); and the
 *      enrichment chain alone in this process, without and with the zones in memory.
 *
 * Before B and A the benchmark waits for the listener to go quiet (the previous phase's
 * disconnections and garbage), so that each phase measures its own load.
 *
 * Environment: BENCH_DEVICES (1000), BENCH_SECONDS (20 per measured phase), BENCH_RATE
 * (5000), BENCH_RECORDS_PER_PACKET (10: a tracker recording every second and sending every
 * 10 s, as Teltonika devices buffer records between sends; 1 is the worst case of one frame,
 * one commit wait and one ack per position), BENCH_CONNECTIONS (10000; needs `ulimit -n`
 * above it), BENCH_WARMUP (6: the first seconds are the fleet's connection storm),
 * BENCH_COPY_ROWS (300000), BENCH_LISTENER (build or source; default the build when it is
 * newer than the sources), BENCH_WORKERS (1; 50,000 connections need 3 or more, a process
 * holding ~19,000 tracker connections here), BENCH_LOGIN_RATE (250 logins/s in phase C),
 * BENCH_ONLY=connections (phase C alone), latency (B alone) or throughput (A, A1 and D alone,
 * for comparing changes quickly); BENCH_PROFILE_DIR writes a CPU profile of the listener there (node --cpu-prof) and prints its self time per area and function in the
 * windows of A, A1 and B (benchmarks/ingest/cpu_profile.ts summarises any .cpuprofile on its
 * own). Only 127.0.0.1 is targeted; everything started is stopped, also on error or Ctrl-C.
 * Against a DATABASE_URL, the rows it wrote are deleted at the end.
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
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
import { copyThroughput } from './ingest/copy_phase.js'
import { ListenerProcess, listenerEntry } from './ingest/listener_process.js'
import { measureFleet, settle, type PhaseContext } from './ingest/phases.js'
import {
  TARGETS,
  cpuPerRow,
  mib,
  ms,
  perSecond,
  printConnectionsSummary,
  printLatencySummary,
  printSummary,
} from './ingest/summary.js'
import { holdConnectionsAcrossProcesses } from './ingest/connections_phase.js'
import { enrichmentCost, insertBenchZones } from './ingest/geofence_phase.js'
import { formatProfile, newestProfile, summariseProfile } from './ingest/cpu_profile.js'
import { PostgresCpu } from './ingest/postgres_cpu.js'
import { setting } from './ingest/settings.js'
import { freeTrackingPorts, trackingPortVariables } from '#tracking/protocols/registry'
import { benchProtocol } from './ingest/bench_protocol.js'
import type { TrackerProtocol } from '#shared/fleet_enums'

const HOST = '127.0.0.1'
const ROOT = fileURLToPath(new URL('..', import.meta.url))

const settings = {
  devices: Math.round(setting('BENCH_DEVICES', 1000, 50_000)),
  seconds: setting('BENCH_SECONDS', 20, 3600),
  rate: setting('BENCH_RATE', TARGETS.rateForLatency, 200_000),
  connections: Math.round(setting('BENCH_CONNECTIONS', TARGETS.connections, 60_000)),
  warmup: setting('BENCH_WARMUP', 6, 600),
  copyRows: Math.round(setting('BENCH_COPY_ROWS', 300_000, 5_000_000)),
  zones: Math.round(setting('BENCH_ZONES', 1000, 100_000)),
  recordsPerPacket: Math.round(setting('BENCH_RECORDS_PER_PACKET', 10, 50)),
  workers: Math.round(setting('BENCH_WORKERS', 1, 64)),
  loginRate: setting('BENCH_LOGIN_RATE', 250, 100_000),
  loadedRate: 0,
  only: process.env.BENCH_ONLY ?? null,
  protocol: benchProtocol(),
}
settings.loadedRate = Math.round(
  setting('BENCH_LOADED_RATE', Math.max(1, Math.round(settings.connections / 30)), 200_000)
)
if (settings.only !== null && !['connections', 'latency', 'throughput'].includes(settings.only)) {
  throw new Error('BENCH_ONLY takes connections, latency or throughput')
}
const throughputOnly = settings.only === 'throughput'

function rssParts(listener: ListenerProcess): string {
  const parts = listener.rssParts()
  return `anonymous ${mib(parts.anonymous)}, files ${mib(parts.file)}, shared ${mib(parts.shared)}; ${parts.threads} threads`
}

const cleanups: (() => Promise<void>)[] = []
let cleaning: Promise<void> | null = null

/** Stops everything started so far, last first; runs once. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      await step().catch((error) => console.error(`cleanup: ${(error as Error).message}`))
    }
  })()
  return cleaning
}

async function main() {
  console.log(
    `FleetTrack ingest benchmark: ${os.cpus().length} cores, ${mib(os.totalmem())} RAM, Node ${process.version}`
  )
  console.log(`settings: ${JSON.stringify(settings)}`)

  const database = await benchDatabase(ROOT)
  cleanups.push(database.stop)
  console.log(database.embedded ? 'embedded PostgreSQL started' : 'using DATABASE_URL')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('hex'),
  }
  await migrate(ROOT, env)
  console.log('migrated')

  const pool = new pg.Pool({ connectionString: database.url, max: 4 })
  pool.on('error', () => {})
  cleanups.push(() => pool.end())
  const companyId = await createBenchCompany(pool)
  if (!database.embedded) cleanups.push(() => removeBenchData(pool, companyId))
  const base = BigInt(`88${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}000000000`)
  const firstImei = (offset: number) => String(base + BigInt(offset))
  const ranges = {
    throughput: firstImei(0),
    paced: firstImei(100_000),
    idle: firstImei(200_000),
    zoned: firstImei(300_000),
    single: firstImei(400_000),
    loaded: firstImei(500_000),
  }
  const { protocol } = settings
  await registerBenchDevices(pool, companyId, ranges.throughput, settings.devices, protocol)
  await registerBenchDevices(pool, companyId, ranges.paced, settings.devices, protocol)
  await registerBenchDevices(pool, companyId, ranges.idle, settings.connections, protocol)
  await registerBenchDevices(pool, companyId, ranges.zoned, settings.devices, protocol)
  await registerBenchDevices(pool, companyId, ranges.single, settings.devices, protocol)
  await registerBenchDevices(pool, companyId, ranges.loaded, settings.devices, protocol)
  console.log(`registered ${5 * settings.devices + settings.connections} devices`)

  const { freePort } = await embeddedPostgresModule(ROOT)
  // Every protocol family on a free port, so a bench never collides with a listener on the defaults.
  const ports = await freeTrackingPorts(freePort)
  const entry = listenerEntry(ROOT)
  console.log(
    entry.from === 'build'
      ? 'listener runs from the production build (build/)'
      : 'listener runs from the TypeScript source (no build newer than the sources; `node ace build` for what production runs)'
  )
  const listener = ListenerProcess.start(
    entry.cwd,
    {
      ...env,
      TRACKER_HOST: HOST,
      ...trackingPortVariables(ports),
      // Every simulated device connects from 127.0.0.1: no cap per address here.
      TRACKER_MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...(process.env.BENCH_PROFILE_DIR
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}` }
        : {}),
    },
    settings.workers
  )
  cleanups.push(() => listener.stop())
  await listener.waitForPort(ports[settings.protocol], 60_000)
  const idleRss = listener.rssBytes()
  console.log(`listener pid ${listener.pid} ready, RSS ${mib(idleRss)} (${rssParts(listener)})`)

  const context: PhaseContext = {
    host: HOST,
    pool,
    companyId,
    listener,
    postgresCpu: await PostgresCpu.of(pool),
    warmupSeconds: settings.warmup,
    seconds: settings.seconds,
    track: (stop) => cleanups.push(stop),
  }

  let connections: Awaited<ReturnType<typeof holdConnectionsAcrossProcesses>> | null = null
  let loaded: Awaited<ReturnType<typeof measureFleet>> | null = null
  if (!throughputOnly && settings.only !== 'latency') {
    console.log(
      `C. connections: ${settings.connections} idle logged-in devices, ${settings.workers} listener worker(s) ...`
    )
    connections = await holdConnectionsAcrossProcesses(
      context,
      ports[settings.protocol],
      settings.protocol,
      ranges.idle,
      settings.connections,
      settings.loginRate
    )
    console.log(
      `   ${connections.online} online after ${connections.loginSeconds.toFixed(0)} s, listener RSS ${mib(connections.rssBytes)} (now ${rssParts(listener)})`
    )
    if (connections.errors > 0) console.log(`   listener's last lines:\n${listener.recentOutput}`)
    await settle(listener)
    console.log(
      `   meanwhile: ${perSecond(settings.loadedRate)} paced over ${settings.devices} more devices ...`
    )
    loaded = await measureFleet(
      new SimulatedFleet({
        host: HOST,
        ports,
        vehicles: fleetVehicles(settings.devices, ranges.loaded, settings.protocol),
        intervalSeconds: 10,
        speedup: (settings.loadedRate * 10) / settings.devices,
        clockStart: new Date(Date.now() - 24 * 3_600_000),
        teltonikaCodec: 'mixed',
        connectSpreadSeconds: 2,
      }),
      context
    )
    connections.rssBytes = Math.max(connections.rssBytes, loaded.maxRssBytes)
    console.log(`   ack p99 ${ms(loaded.latency.p99)}, ${connections.online} still held`)
    await connections.release()
    if (settings.only === 'connections') {
      printConnectionsSummary(settings.workers, connections, loaded, settings.loadedRate)
      return
    }
  }

  let paced: Awaited<ReturnType<typeof measureFleet>> | null = null
  if (!throughputOnly) {
    const interval = 10
    const speedup = (settings.rate * interval) / settings.devices
    await settle(listener)
    console.log(
      `B. latency: ${perSecond(settings.rate)} paced over ${settings.devices} devices ...`
    )
    paced = await measureFleet(
      new SimulatedFleet({
        host: HOST,
        ports,
        vehicles: fleetVehicles(settings.devices, ranges.paced, settings.protocol),
        intervalSeconds: interval,
        speedup,
        clockStart: new Date(Date.now() - 6 * 3_600_000),
        teltonikaCodec: 'mixed',
        connectSpreadSeconds: 2,
      }),
      context
    )
    console.log(`   ${perSecond(paced.rowsPerSecond)}, ack p99 ${ms(paced.latency.p99)}`)
    if (settings.only === 'latency') {
      printLatencySummary(paced, settings.rate)
      return
    }
  }

  await settle(listener)
  console.log(`A. throughput: ${settings.devices} devices, unpaced, ${settings.seconds} s ...`)
  const clockStart = new Date(Date.now() - 12 * 3_600_000)
  const throughput = await measureFleet(
    new SimulatedFleet({
      host: HOST,
      ports,
      vehicles: fleetVehicles(settings.devices, ranges.throughput, settings.protocol),
      intervalSeconds: 1,
      unpaced: true,
      unpacedRecords: settings.recordsPerPacket,
      clockStart,
      teltonikaCodec: 'codec8',
      connectSpreadSeconds: 2,
    }),
    context
  )
  console.log(`   ${perSecond(throughput.rowsPerSecond)} committed`)

  await settle(listener)
  console.log(`A1. throughput, one record per packet: ${settings.devices} devices ...`)
  const single = await measureFleet(
    new SimulatedFleet({
      host: HOST,
      ports,
      vehicles: fleetVehicles(settings.devices, ranges.single, settings.protocol),
      intervalSeconds: 1,
      unpaced: true,
      unpacedRecords: 1,
      clockStart: new Date(Date.now() - 24 * 3_600_000),
      teltonikaCodec: 'codec8',
      connectSpreadSeconds: 2,
    }),
    context
  )
  console.log(`   ${perSecond(single.rowsPerSecond)} committed`)

  console.log('D. COPY of the same rows ...')
  const { rows: deviceRows } = await pool.query(
    'SELECT id FROM devices WHERE company_id = $1 AND imei >= $2 AND imei < $3',
    [companyId, ranges.throughput, ranges.paced]
  )
  const copy = await copyThroughput(
    pool,
    companyId,
    deviceRows.map((row) => row.id),
    settings.copyRows,
    context.postgresCpu ? () => context.postgresCpu!.seconds() : null
  )
  console.log(`   ${copy.rows} rows in ${copy.seconds.toFixed(2)} s`)

  const geofences = throughputOnly ? null : await geofencePhase(context, ports, ranges.zoned)

  printSummary({
    rate: settings.rate,
    recordsPerPacket: settings.recordsPerPacket,
    idleRssBytes: idleRss,
    connections,
    throughput,
    single,
    paced,
    copy,
  })
  if (connections && loaded) {
    printConnectionsSummary(settings.workers, connections, loaded, settings.loadedRate)
  }
  if (geofences) {
    const { zoned, events, cost } = geofences
    const ratio = zoned.rowsPerSecond / throughput.rowsPerSecond
    console.log(
      [
        '',
        `geofences (${settings.zones} zones):`,
        `  ingest with zones    ${perSecond(zoned.rowsPerSecond)} vs ${perSecond(throughput.rowsPerSecond)} without: ${(ratio * 100).toFixed(1)} % (target >= 90 %: ${ratio >= 0.9 ? 'meets target' : 'BELOW TARGET'}); ${events} enter/exit events`,
        `  CPU per position     listener + PostgreSQL with zones ${cpuPerRow(zoned)}, without ${cpuPerRow(throughput)}`,
        `  enrichment alone     ${perSecond(cost.withZones)} with zones vs ${perSecond(cost.without)} without (${(cost.ratio * 100).toFixed(1)} %), one core, no database`,
      ].join('\n')
    )
  }

  const profileDir = process.env.BENCH_PROFILE_DIR
  if (profileDir) {
    // The profile is written when the listener exits.
    await listener.stop()
    const file = newestProfile(profileDir, listener.pid)
    if (!file) throw new Error(`no CPU profile of the listener in ${profileDir}`)
    console.log(`\nlistener CPU profile: ${file}`)
    for (const [name, phase] of [
      ['A', throughput],
      ['A1', single],
      ['B', paced],
    ] as const) {
      if (!phase) continue
      console.log(formatProfile(`\nphase ${name}`, summariseProfile(file, phase.window)))
    }
  }
}

/** Phase E: the saturation run again, with BENCH_ZONES geofences around the fleet's cities. */
async function geofencePhase(
  context: PhaseContext,
  ports: Partial<Record<TrackerProtocol, number>>,
  firstImei: string
) {
  console.log(`E. geofences: ${settings.zones} zones, throughput again with fresh devices ...`)
  await insertBenchZones(context.pool, context.companyId, settings.zones)
  await settle(context.listener)
  const zoned = await measureFleet(
    new SimulatedFleet({
      host: HOST,
      ports,
      vehicles: fleetVehicles(settings.devices, firstImei, settings.protocol),
      intervalSeconds: 1,
      unpaced: true,
      unpacedRecords: settings.recordsPerPacket,
      clockStart: new Date(Date.now() - 18 * 3_600_000),
      teltonikaCodec: 'codec8',
      connectSpreadSeconds: 2,
    }),
    context
  )
  const { rows } = await context.pool.query(
    `SELECT count(*) FROM events WHERE company_id = $1 AND code IN ('GEOFENCE_ENTER', 'GEOFENCE_EXIT')`,
    [context.companyId]
  )
  return { zoned, events: Number(rows[0].count), cost: enrichmentCost(settings.zones) }
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping everything ...')
  cleanup().finally(() => process.exit(130))
})

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await cleanup()
}
