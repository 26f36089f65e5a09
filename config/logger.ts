import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'
import { withoutTransportThread } from '#tracking/server/listener_boot'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: env.get('APP_NAME', 'fleettrack'),
      level: env.get('LOG_LEVEL', 'info'),
      transport: {
        targets: targets()
          .pushIf(!app.inProduction, targets.pretty())
          .pushIf(app.inProduction, targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

/**
 * In production the JSON lines go to stdout from the process's own thread (asynchronously),
 * not through pino's transport, which runs a worker thread with a V8 heap of its own: about
 * 15 MiB of the web process's memory, as in the tracker listener's processes.
 */
export default withoutTransportThread(loggerConfig)

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
