import { destination } from '@adonisjs/core/logger'
import type { LoggerConfig } from '@adonisjs/core/types/logger'
import type { ApplicationService } from '@adonisjs/core/types'
import type { ProviderNode } from '@adonisjs/core/types/app'

/**
 * The providers a process of `tracker:listen` boots: the app itself (configuration, logger,
 * and the HTTP server's router and encryption, which Transmit's adapter asks for), the
 * database (Lucid, for the expired subscriptions; the ingest path has
 * its own pg pool) and Transmit (live updates).
 */
const LISTENER_PROVIDERS = [
  () => import('@adonisjs/core/providers/app_provider'),
  () => import('@adonisjs/lucid/database_provider'),
  () => import('@adonisjs/transmit/transmit_provider'),
]

/**
 * Makes the (not yet booted) app boot only what the tracker listener uses: the providers
 * above, the configuration files they and the listener read (`listener_config/`: app, logger,
 * encryption, database, transmit, tracking, re-exported from config/) and no preload file.
 * The rest of the app (every provider of adonisrc.ts, every config file and what it imports,
 * the routes, the scheduler's jobs) took ~65 MiB of the listener's memory, and the logger's
 * transport thread ~15 MiB more (issue 16: 10,000 tracker connections in one process under
 * 300 MiB). For `tracker:listen` only: `npm start`, where the listener runs inside the web
 * process, boots the whole app as before.
 */
export function bootOnlyTheListener(app: ApplicationService) {
  const environment: ProviderNode['environment'] = ['web', 'console', 'test', 'repl']
  app.rcFile.providers = LISTENER_PROVIDERS.map((file) => ({ file, environment }))
  app.rcFile.preloads = []
  // Read when the app boots (after NODE_ENV is known, which the config files use).
  app.rcFile.directories.config = 'app/tracking/server/listener_config'
}

interface LoggersConfig {
  default: string
  loggers: Record<string, LoggerConfig>
}

/**
 * The loggers whose transport is a single file target (production: JSON lines to stdout)
 * write from this thread instead, the same lines to the same file descriptor, asynchronously
 * (pino's destination, flushed at exit): pino runs a transport in a worker thread with a V8
 * heap of its own. Other transports (pino-pretty in development) are kept.
 */
export function withoutTransportThread<Config extends LoggersConfig>(config: Config): Config {
  const loggers: Record<string, LoggerConfig> = {}
  for (const [name, logger] of Object.entries(config.loggers)) {
    const transport = logger.transport
    const targets = transport && 'targets' in transport ? transport.targets : null
    const target = targets?.length === 1 ? targets[0] : null
    if (!target || !('target' in target) || target.target !== 'pino/file') {
      loggers[name] = logger
      continue
    }
    const { destination: dest = 1, mkdir, append } = target.options ?? {}
    loggers[name] = {
      ...logger,
      transport: undefined,
      destination: destination({ dest, mkdir, append, sync: false }),
    }
  }
  return { ...config, loggers }
}

/**
 * V8's young generation of a listener process, MiB per semi-space. V8 sizes it from the
 * machine's memory (64 on the 24 GiB machine of bench:ingest, 128 MiB for the two), grows it
 * to that maximum under a login storm or any steady load (it grows with what survives
 * scavenges, and shrinks only when allocation almost stops) and keeps it committed: ~100 MiB
 * of a listener's RSS. 32 halves that, for about 2 % more listener CPU per position at
 * saturation (more frequent scavenges; inside bench:ingest's run-to-run spread).
 */
export const LISTENER_SEMI_SPACE_MB = 32

const YOUNG_GENERATION_FLAG =
  /^--(max|min)[-_]semi[-_]space[-_]size(=|$)|^--max[-_]heap[-_]size(=|$)/

/**
 * The V8 flags a listener process is to run with and was not started with: none when whoever
 * started it sized the young generation (on the command line or in NODE_OPTIONS, e.g.
 * `NODE_OPTIONS=--max-semi-space-size=64` for V8's default).
 */
export function missingListenerV8Flags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)]
  if (given.some((flag) => YOUNG_GENERATION_FLAG.test(flag))) return []
  return [`--max-semi-space-size=${LISTENER_SEMI_SPACE_MB}`]
}
