/*
| With TRACKER_LISTENER=true (what `npm start` sets) the web process also runs the
| tracker listener, so one process serves the site and the trackers.
*/
import app from '@adonisjs/core/services/app'
import config from '#config/tracking'

if (config.inWebProcess) {
  const { startTrackingFromConfig } = await import('#tracking/start_tracking')
  const service = await startTrackingFromConfig()
  app.terminating(() => service.stop())
}
