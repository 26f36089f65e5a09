import type { Logger } from '@adonisjs/core/logger'
import { DEVICES_OFFLINE_CHANNEL, parseOfflinePayload } from './offline_devices.js'
import { BatchWriter } from './pipeline/batch_writer.js'
import { IngestPipeline, type LivePublisher } from './pipeline/ingest.js'
import { DeviceRegistry } from './server/device_registry.js'
import { CommandDispatcher, type CommandUpdate } from './server/command_dispatcher.js'
import { createIngestPool } from './server/pg_pool.js'
import {
  TcpTrackerServer,
  DEFAULT_TCP_LIMITS,
  type TcpServerLimits,
} from './server/tcp_tracker_server.js'
import { trackerProtocolDefinitions, type TrackingPorts } from './protocols/registry.js'
import { OsmAndHttpServer } from './server/osmand_http_server.js'
import { TransmitPublisher } from './server/transmit_publisher.js'
import { ZoneStore, GEOFENCE_CHANGES_CHANNEL } from './geofences/zone_store.js'
import { WorkingHoursStore, WORKING_HOURS_CHANGES_CHANNEL } from './working_hours/hours_store.js'
import type { SessionServices } from './server/device_session.js'
import { ConnectionGate, connectionBudget, descriptorLimit } from './server/connection_gate.js'
import { ThrottledLog } from './server/throttled_log.js'

export type { TrackingPorts } from './protocols/registry.js'

export interface TrackingServiceOptions {
  host: string
  ports: TrackingPorts
  logger: Logger
  limits?: Partial<TcpServerLimits>
  publisher?: LivePublisher & {
    command(update: CommandUpdate): void
    offline(companyId: number, deviceId: number): void
  }
  poolSize?: number
  /** Batches committed at the same time (TRACKER_WRITE_CONCURRENCY). */
  writeConcurrency?: number
  /** File descriptors kept free of tracker connections (TRACKER_FD_RESERVE). */
  descriptorReserve?: number
  /**
   * This listener is one of several worker processes bound to the same ports
   * (SO_REUSEPORT, `tracker:listen --workers=N`): a device may reconnect to another
   * worker, so no worker may trust its cached live state of a device across sessions.
   */
  sharedPorts?: boolean
  /**
   * Publishes the live offline status of the devices the offline sweep job marks offline
   * (with several workers only the first does; every listener forgets them).
   */
  announcesOffline?: boolean
}

const DEFAULT_DESCRIPTOR_RESERVE = 1000

/**
 * The tracker listener: one TCP port per registered protocol family, the OsmAnd HTTP port,
 * the ingest pipeline behind them, queued-command delivery, and what the offline sweep job
 * marks offline (forgotten, published live).
 */
export class TrackingService {
  private readonly ingestPool: ReturnType<typeof createIngestPool>
  readonly registry: DeviceRegistry
  readonly writer: BatchWriter
  readonly publisher: NonNullable<TrackingServiceOptions['publisher']>
  readonly ingest: IngestPipeline
  readonly zones: ZoneStore
  readonly workingHours: WorkingHoursStore
  readonly commands: CommandDispatcher
  readonly servers: TcpTrackerServer[] = []
  private osmand: OsmAndHttpServer | null = null
  private stopping = false
  private listening = false
  /** The wait for the database of a start in progress, and what cuts its back-off short. */
  private databaseWait: Promise<void> | null = null
  private wakeDatabaseWait: (() => void) | null = null
  boundPorts = {} as TrackingPorts

  constructor(private readonly options: TrackingServiceOptions) {
    this.ingestPool = createIngestPool(options.poolSize ?? 8)
    this.registry = new DeviceRegistry(this.ingestPool.raw)
    this.writer = new BatchWriter(this.ingestPool.pool, {
      concurrency: options.writeConcurrency,
    })
    this.publisher = options.publisher ?? new TransmitPublisher()
    this.zones = new ZoneStore(this.ingestPool.raw)
    this.workingHours = new WorkingHoursStore(this.ingestPool.raw)
    this.ingest = new IngestPipeline(
      this.registry,
      this.writer,
      this.publisher,
      this.zones,
      this.workingHours
    )
    this.commands = new CommandDispatcher(
      this.ingestPool.raw,
      (update) => this.publisher.command(update),
      (imei) => {
        this.registry.invalidate(imei || undefined)
        // A vehicle changing group changes which zones apply to it.
        this.zones.invalidate()
      },
      options.logger,
      {
        [GEOFENCE_CHANGES_CHANNEL]: (payload) => this.zones.invalidate(Number(payload)),
        [WORKING_HOURS_CHANGES_CHANNEL]: (payload) => this.workingHours.invalidate(Number(payload)),
        [DEVICES_OFFLINE_CHANNEL]: (payload) => {
          for (const { deviceId, companyId } of parseOfflinePayload(payload)) {
            this.registry.forget(deviceId)
            if (options.announcesOffline !== false) this.publisher.offline(companyId, deviceId)
          }
        },
      }
    )
  }

  async start() {
    const { logger, host, ports } = this.options
    const limits = { ...DEFAULT_TCP_LIMITS, ...this.options.limits }
    const fdLimit = descriptorLimit()
    const reserve = this.options.descriptorReserve ?? DEFAULT_DESCRIPTOR_RESERVE
    const budget = connectionBudget(fdLimit, reserve, limits.maxConnections)
    const gate = new ConnectionGate(budget, limits.maxPerAddress)
    const warnings = new ThrottledLog(logger)
    logger.info(
      {
        descriptorLimit: fdLimit ?? 'unknown',
        descriptorReserve: reserve,
        maxTrackerConnections: budget,
        maxPerAddress: limits.maxPerAddress || 'no cap',
      },
      `tracker connections: at most ${budget} (descriptor limit ${fdLimit ?? 'unknown'} less ${reserve} kept for the database and the web); for more, raise the limit (ulimit -n, systemd LimitNOFILE)`
    )
    const services: SessionServices = {
      registry: this.registry,
      ingest: this.ingest,
      commands: this.commands,
      logger,
      freshStateOnLogin: this.options.sharedPorts === true,
    }
    this.databaseWait = this.waitForDatabase()
    await this.databaseWait
    if (this.stopping) return

    const shared = this.options.sharedPorts === true
    const bound = {} as TrackingPorts
    for (const definition of trackerProtocolDefinitions) {
      const port = ports[definition.name]
      if (definition.transport === 'http') {
        this.osmand = new OsmAndHttpServer(this.registry, this.ingest, logger, gate, shared)
        bound[definition.name] = await this.osmand.listen(port, host, shared)
        continue
      }
      const createSession = definition.session
      if (!createSession) throw new Error(`${definition.name}: a TCP protocol without a session`)
      const server = new TcpTrackerServer(
        definition.name,
        (socket) => createSession(socket, services),
        logger,
        limits,
        gate,
        warnings
      )
      this.servers.push(server)
      bound[definition.name] = await server.listen(port, host, shared)
    }
    this.boundPorts = bound
    this.listening = true
    logger.info(this.boundPorts, 'tracker listener ready (a port per protocol)')
  }

  /**
   * Connects the command listener, retrying with back-off (250 ms doubling to 5 s) while
   * the database cannot be reached, and saying why; the tracker ports open only after.
   */
  private async waitForDatabase() {
    for (let attempt = 0; !this.stopping; attempt++) {
      try {
        await this.commands.start()
        if (attempt > 0) this.options.logger.info('database reachable, tracker listener starting')
        return
      } catch (error) {
        if (this.stopping) return
        const delay = Math.min(5000, 250 * 2 ** attempt)
        this.options.logger.warn(
          { error: (error as Error).message ?? String(error), retryInMs: delay },
          'tracker listener waits for the database'
        )
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay)
          this.wakeDatabaseWait = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        this.wakeDatabaseWait = null
      }
    }
  }

  /** The ports are open and the command listener holds its database connection. */
  get ready() {
    return this.listening && this.commands.listening
  }

  get connections() {
    return this.servers.reduce((total, server) => total + server.connections, 0)
  }

  async stop() {
    this.stopping = true
    this.listening = false
    // A start still waiting for the database gives up first (it may be connecting).
    this.wakeDatabaseWait?.()
    await this.databaseWait
    await Promise.all(this.servers.map((server) => server.close()))
    await this.osmand?.close()
    await this.writer.drain()
    await this.commands.stop()
    await this.ingestPool.end()
  }
}
