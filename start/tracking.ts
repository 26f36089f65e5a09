/*
| With TRACKER_LISTENER=true (what `npm start` sets) the web process also runs the
| tracker listener, so one command serves the site and the trackers; with DEMO_FLEET > 0
| a simulated fleet of the demo company drives against it.
|
| The listener runs in processes of its own (`tracker:listen`, TRACKER_WORKERS of them,
| default 1) that the web process starts, watches and stops: acknowledgements never wait for
| a page being rendered, nor pages for the trackers (docs/request-limits.md). Without
| REDIS_URL their live updates come back to this process over the IPC channel and reach the
| browsers from here, as before.
|
| The listener starts in the background: while the database is down it waits (with
| back-off, logging why) and the web already answers (/health, and 503 pages).
|
| Ingest first (WEB_NICE, default 10 when the listener runs beside this process, else 0): once
| its listener processes are forked, this process lowers its own OS priority, so that on busy
| cores the listener acknowledges first (docs/request-limits.md).
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import config from '#config/tracking'
import env from '#start/env'
import { currentPriority, lowerProcessPriority } from '#services/runtime/process_priority'

const webNice = env.get('WEB_NICE', config.inWebProcess ? 10 : 0)

if (config.inWebProcess) {
  const { startListenerChildren } = await import('#tracking/server/listener_child')
  const { setListenerProcesses } = await import('#tracking/start_tracking')
  let stopFleet: (() => Promise<void>) | null = null
  const listener = startListenerChildren({
    aceScript: app.makePath('ace.js'),
    count: env.get('TRACKER_WORKERS', 1),
    logger,
    viaParent: !env.get('REDIS_URL'),
    priority: currentPriority(),
    broadcast: (channel, message) => transmit.broadcast(channel, message as Record<string, string>),
    onReady: (ports) => {
      if (config.demoFleet <= 0) return
      import('#tracking/simulator/demo_fleet')
        .then(({ startDemoFleet }) =>
          startDemoFleet({
            companyName: 'Demo Logistics',
            count: config.demoFleet,
            host: '127.0.0.1',
            ports,
            logger,
          })
        )
        .then((fleet) => (stopFleet = () => fleet.stop()))
        .catch((error) => logger.error({ err: error }, 'demo fleet failed to start'))
    },
  })
  setListenerProcesses(listener)
  app.terminating(async () => {
    await stopFleet?.()
    await listener.supervisor.stop()
  })
}

// After the fork above: the listener processes keep the priority this process started with.
const lowered = lowerProcessPriority(webNice)
if (lowered > 0)
  logger.info({ nice: webNice }, `web process at a lower priority (${lowered} threads)`)
