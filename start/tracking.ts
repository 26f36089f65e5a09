/*
| With TRACKER_LISTENER=true (what `npm start` sets) the web process also runs the
| tracker listener, so one process serves the site and the trackers; with
| DEMO_FLEET > 0 a simulated fleet of the demo company drives against it.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import config from '#config/tracking'

if (config.inWebProcess) {
  const { startTrackingFromConfig } = await import('#tracking/start_tracking')
  const service = await startTrackingFromConfig()
  app.terminating(() => service.stop())

  if (config.demoFleet > 0) {
    const { startDemoFleet } = await import('#tracking/simulator/demo_fleet')
    const fleet = await startDemoFleet({
      companyName: 'Demo Logistics',
      count: config.demoFleet,
      host: '127.0.0.1',
      ports: service.boundPorts,
      logger,
    })
    app.terminating(() => fleet.stop())
  }
}
