import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { TrackingService, type TrackingPorts } from './tracking_service.js'

let running: TrackingService | null = null

/** The listener this process runs (for `/ready`), or null when it runs none. */
export function runningListener() {
  return running
}

/**
 * The listener of config/tracking.ts (environment variables TRACKER_*). `start()` waits
 * for the database with back-off, so a process started while it is down comes up by itself.
 */
export function createTrackingFromConfig() {
  const config = app.config.get<{
    host: string
    ports: TrackingPorts
    writeConcurrency: number
    handshakeSeconds: number
    maxConnectionsPerAddress: number
    descriptorReserve: number
  }>('tracking')
  running = new TrackingService({
    host: config.host,
    ports: config.ports,
    writeConcurrency: config.writeConcurrency,
    descriptorReserve: config.descriptorReserve,
    limits: {
      handshakeSeconds: config.handshakeSeconds,
      maxPerAddress: config.maxConnectionsPerAddress,
    },
    logger,
  })
  return running
}

export async function startTrackingFromConfig() {
  const service = createTrackingFromConfig()
  await service.start()
  return service
}
