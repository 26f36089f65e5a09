/*
| With TRACKER_LISTENER=true (what `npm start` sets) the web process also runs the
| tracker listener, so one process serves the site and the trackers; with
| DEMO_FLEET > 0 a simulated fleet of the demo company drives against it.
|
| The listener starts in the background: while the database is down it waits (with
| back-off, logging why) and the web already answers (/health, and 503 pages).
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import config from '#config/tracking'

if (config.inWebProcess) {
  const { createTrackingFromConfig } = await import('#tracking/start_tracking')
  const service = createTrackingFromConfig()
  let stopFleet: (() => Promise<void>) | null = null
  app.terminating(async () => {
    await stopFleet?.()
    await service.stop()
  })

  service
    .start()
    .then(async () => {
      if (config.demoFleet <= 0 || !service.ready) return
      const { startDemoFleet } = await import('#tracking/simulator/demo_fleet')
      const fleet = await startDemoFleet({
        companyName: 'Demo Logistics',
        count: config.demoFleet,
        host: '127.0.0.1',
        ports: service.boundPorts,
        logger,
      })
      stopFleet = () => fleet.stop()
    })
    .catch((error) => logger.error({ err: error }, 'tracker listener failed to start'))
}
