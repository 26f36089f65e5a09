import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { TrackingService, type TrackingPorts } from './tracking_service.js'

/** Starts the listener with config/tracking.ts (environment variables TRACKER_*). */
export async function startTrackingFromConfig() {
  const config = app.config.get<{
    host: string
    ports: TrackingPorts
    writeConcurrency: number
  }>('tracking')
  const service = new TrackingService({
    host: config.host,
    ports: config.ports,
    writeConcurrency: config.writeConcurrency,
    logger,
  })
  await service.start()
  return service
}
