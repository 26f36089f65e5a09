import type net from 'node:net'
import type { Logger } from '@adonisjs/core/logger'
import type { DeviceContext, TrackerProtocol } from '../pipeline/enrich.js'
import type { Position, PositionAttributes } from '../position.js'
import type { DeviceReport } from '../protocols/device_report.js'
import type { IngestPipeline } from '../pipeline/ingest.js'
import type { DeviceRegistry } from './device_registry.js'
import type { CommandChannel, CommandDispatcher, CommandKind } from './command_dispatcher.js'

export interface SessionServices {
  registry: DeviceRegistry
  ingest: IngestPipeline
  commands: CommandDispatcher
  logger: Logger
  /**
   * Reload the device's live state at each login: with several workers on the same port
   * its previous session may have been on another worker, which moved the state on.
   */
  freshStateOnLogin?: boolean
}

export class InvalidFrameError extends Error {}

/**
 * What every TCP tracker connection shares: the login against the registry (an
 * unknown IMEI is recorded and refused, nothing is stored), the CONNECTION and
 * DISCONNECTED events, and being the device's channel for queued commands.
 */
export abstract class DeviceSession implements CommandChannel {
  protected current: DeviceContext | null = null
  protected readonly remoteAddress: string | null

  constructor(
    protected readonly socket: net.Socket,
    protected readonly services: SessionServices,
    protected readonly protocol: TrackerProtocol
  ) {
    this.remoteAddress = socket.remoteAddress ?? null
  }

  get loggedIn() {
    return this.current !== null
  }

  get device(): DeviceContext {
    if (!this.current) throw new Error('session has no device yet')
    return this.current
  }

  abstract send(kind: CommandKind, payload: string): boolean

  /** Looks the IMEI up; true when the device may talk to us. */
  protected async login(imei: string): Promise<boolean> {
    const device = await this.services.registry.find(imei)
    if (!device || device.protocol !== this.protocol) {
      await this.services.registry.recordUnknown(imei, this.protocol, this.remoteAddress)
      this.services.logger.warn(
        { imei, protocol: this.protocol, remote: this.remoteAddress },
        'unregistered device refused'
      )
      return false
    }
    if (this.services.freshStateOnLogin) this.services.registry.forget(device.id)
    this.current = device
    return true
  }

  /** After the login reply went out: the connection event, then any queued command. */
  protected async afterLogin() {
    await this.services.ingest.connection(this.device, 'CONNECTION', this.remoteAddress)
    await this.services.commands.attach(this)
  }

  /**
   * For families whose every frame carries the device id (H02, GPS103): the first frame
   * logs the device in (its `reply`, if any, goes out before the connection event); a frame
   * of another device on the same connection is refused. False: unknown device, close.
   */
  protected async identify(imei: string, reply?: Buffer): Promise<boolean> {
    if (this.current) {
      if (this.current.imei !== imei) throw new InvalidFrameError('frame of another device')
      return true
    }
    if (!(await this.login(imei))) return false
    if (reply) this.write(reply)
    await this.afterLogin()
    return true
  }

  /** A report without a fix (status, cell towers, OBD): stored at the last known place, not valid. */
  protected async positionWithoutFix(
    attributes: PositionAttributes,
    fixTime: Date = new Date()
  ): Promise<Position> {
    const state = await this.services.registry.state(this.device)
    return {
      imei: this.device.imei,
      fixTime,
      latitude: state.latitude ?? 0,
      longitude: state.longitude ?? 0,
      speed: 0,
      course: state.course,
      altitude: state.altitude,
      satellites: 0,
      valid: false,
      attributes,
    }
  }

  /** Stores a decoded report (a report without a fix at the last known place). */
  protected async store(report: DeviceReport) {
    if (report.kind === 'position') {
      await this.services.ingest.positions(this.device, [report.position], {
        ipAddress: this.remoteAddress,
      })
    } else if (report.kind === 'status') {
      await this.services.ingest.positions(this.device, [
        await this.positionWithoutFix(report.attributes, report.fixTime),
      ])
    }
  }

  protected write(data: Buffer) {
    if (!this.socket.destroyed) this.socket.write(data)
  }

  async close() {
    if (!this.current) return
    this.services.commands.detach(this)
    await this.services.ingest.connection(this.current, 'DISCONNECTED').catch(() => {})
  }
}
