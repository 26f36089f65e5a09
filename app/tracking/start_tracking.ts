import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { TrackingService, type TrackingPorts } from './tracking_service.js'

let running: TrackingService | null = null
/** The listener processes this (web) process started, when it runs none itself. */
let processes: { readonly ready: boolean } | null = null

interface TrackingConfig {
  host: string
  ports: TrackingPorts
  writeConcurrency: number
  handshakeSeconds: number
  maxConnectionsPerAddress: number
  descriptorReserve: number
  databaseConnections: number
}

/** Which of the listener's worker processes this is (1 of 1 when it runs alone). */
export interface ListenerWorker {
  id: number
  count: number
}

/**
 * The listener this process runs or started (for `/ready`: whether it listens), or null when
 * it has none.
 */
export function runningListener(): { readonly ready: boolean } | null {
  return running ?? processes
}

/** The web process's listener processes (start/tracking.ts), for `runningListener`. */
export function setListenerProcesses(listener: { readonly ready: boolean }) {
  processes = listener
}

/**
 * Each worker's share of the listener's database connections, at least 6: the LISTEN
 * connection and two committing batches would leave a smaller pool nothing for the look-ups
 * of a login storm.
 */
export function workerPoolSize(total: number, workers: number) {
  return workers === 1 ? total : Math.max(6, Math.floor(total / workers))
}

/**
 * The listener of config/tracking.ts (environment variables TRACKER_*). `start()` waits
 * for the database with back-off, so a process started while it is down comes up by itself.
 */
export function createTrackingFromConfig(worker: ListenerWorker = { id: 1, count: 1 }) {
  const config = app.config.get<TrackingConfig>('tracking')
  running = new TrackingService({
    host: config.host,
    ports: config.ports,
    writeConcurrency: config.writeConcurrency,
    descriptorReserve: config.descriptorReserve,
    poolSize: workerPoolSize(config.databaseConnections, worker.count),
    sharedPorts: worker.count > 1,
    announcesOffline: worker.id === 1,
    limits: {
      handshakeSeconds: config.handshakeSeconds,
      maxPerAddress: config.maxConnectionsPerAddress,
    },
    logger: worker.count > 1 ? logger.child({ worker: worker.id }) : logger,
  })
  return running
}

/**
 * The listener of `tracker:listen` (a process of its own, or one of its workers).
 * `onCreated` gets it before it starts waiting for the database, so that a stop signal
 * meanwhile can stop it.
 */
export async function startTrackingFromConfig(
  worker?: ListenerWorker,
  onCreated?: (service: TrackingService) => void
) {
  // Started by the web process, its live updates go through it (listener_child.ts).
  if (!env.get('REDIS_URL') && process.env.TRACKER_LIVE_VIA_PARENT !== '1') {
    logger.warn(
      'REDIS_URL is not set: live updates of this listener process reach no browser (set it to share them with the web process through Redis)'
    )
  }
  const service = createTrackingFromConfig(worker)
  onCreated?.(service)
  await service.start()
  return service
}
