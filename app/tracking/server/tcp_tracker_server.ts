import net from 'node:net'
import type { Logger } from '@adonisjs/core/logger'
import { isDatabaseUnavailable } from '../../exceptions/database_unavailable.js'
import { ThrottledLog } from './throttled_log.js'
import { ConnectionGate } from './connection_gate.js'

export interface TcpSession {
  /** Called with each chunk; the server pauses the socket until it resolves. */
  receive(chunk: Buffer): Promise<void>
  /** Bytes of a frame started but not finished. */
  readonly pendingBytes: number
  /** The device has logged in (its IMEI is registered). */
  readonly loggedIn: boolean
  close(): Promise<void> | void
}

export interface TcpServerLimits {
  /** Seconds a connection may stay silent before it is closed. */
  idleSeconds: number
  /** Seconds a started frame may take to complete (slow senders are cut). */
  frameSeconds: number
  /** Seconds a new connection has to log in (a silent socket must not hold a descriptor). */
  handshakeSeconds: number
  /** Tracker connections held at most, over all ports (see connectionBudget). */
  maxConnections: number
  /** Tracker connections from one remote address at most; 0: no cap. */
  maxPerAddress: number
}

export const DEFAULT_TCP_LIMITS: TcpServerLimits = {
  idleSeconds: 600,
  frameSeconds: 30,
  handshakeSeconds: 30,
  maxConnections: 20_000,
  maxPerAddress: 2000,
}

/**
 * One TCP port for one tracker protocol. Each connection gets its own session; its
 * chunks are handled one after the other (the socket is paused meanwhile, so a fast
 * sender cannot make us buffer without bound). A session that throws is logged and
 * its connection closed; every other connection carries on.
 */
export class TcpTrackerServer {
  private readonly server: net.Server
  private readonly sockets = new Set<net.Socket>()
  private readonly warnings: ThrottledLog

  constructor(
    readonly protocol: string,
    private readonly createSession: (socket: net.Socket) => TcpSession,
    private readonly logger: Logger,
    private readonly limits: TcpServerLimits = DEFAULT_TCP_LIMITS,
    private readonly gate = new ConnectionGate(limits.maxConnections, limits.maxPerAddress),
    warnings?: ThrottledLog
  ) {
    this.warnings = warnings ?? new ThrottledLog(logger)
    this.server = net.createServer({ noDelay: true }, (socket) => this.admit(socket))
    this.server.on('error', (error) =>
      this.logger.error({ err: error }, `${protocol} listener error`)
    )
  }

  get connections() {
    return this.sockets.size
  }

  /** With `reusePort` several processes bind the same port and the kernel spreads connections. */
  listen(port: number, host = '0.0.0.0', reusePort = false): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen({ port, host, backlog: 4096, reusePort }, () => {
        this.server.off('error', reject)
        resolve((this.server.address() as net.AddressInfo).port)
      })
    })
  }

  async close() {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve())
      for (const socket of this.sockets) socket.destroy()
    })
  }

  private admit(socket: net.Socket) {
    const address = socket.remoteAddress
    const admission = this.gate.admit(address)
    if (admission === 'ok') return this.accept(socket, address)
    socket.on('error', () => {})
    socket.destroy()
    if (admission === 'full') {
      this.warnings.warn(
        'full',
        { protocol: this.protocol, connections: this.gate.connections },
        'tracker connection refused: the descriptor reserve is reached (raise the limit, see the log at start)'
      )
    } else {
      this.warnings.warn(
        `address:${address}`,
        { protocol: this.protocol, remote: address, max: this.gate.maxPerAddress },
        'tracker connection refused: too many connections from this address'
      )
    }
  }

  /**
   * Holds an admitted connection until it closes. Once its device has logged in, an idle
   * connection keeps one listener per socket event and the socket's idle timeout, no other
   * timer (a listener holds 10,000 of them).
   */
  private accept(socket: net.Socket, address: string | undefined) {
    this.sockets.add(socket)
    socket.setKeepAlive(true, 60_000)
    socket.setTimeout(this.limits.idleSeconds * 1000)
    const session = this.createSession(socket)
    let frameTimer: NodeJS.Timeout | null = null
    let closed = false
    let handshake: NodeJS.Timeout | null = setTimeout(() => {
      if (!session.loggedIn) close('no login in time, connection closed')
    }, this.limits.handshakeSeconds * 1000)

    const close = (reason?: string, error?: unknown) => {
      if (closed) return
      closed = true
      if (error && isDatabaseUnavailable(error)) {
        this.warnings.warn(
          'database',
          { protocol: this.protocol, error: (error as Error).message },
          'database unavailable: tracker connection closed without acknowledgement (the device resends)'
        )
      } else if (reason) {
        const remote = socket.remoteAddress ?? 'unknown'
        this.warnings.warn(
          `${reason}:${remote}`,
          {
            remote,
            protocol: this.protocol,
            ...(error ? { error: (error as Error).message ?? String(error) } : {}),
          },
          reason
        )
      }
      if (frameTimer) clearTimeout(frameTimer)
      if (handshake) clearTimeout(handshake)
      socket.destroy()
    }

    socket.on('timeout', () => close('connection idle, closed'))
    socket.on('error', () => close())
    socket.on('close', () => {
      this.gate.release(address)
      closed = true
      if (handshake) clearTimeout(handshake)
      if (frameTimer) clearTimeout(frameTimer)
      this.sockets.delete(socket)
      Promise.resolve(session.close()).catch((error) =>
        this.logger.error({ err: error }, `${this.protocol} session close failed`)
      )
    })
    socket.on('data', (chunk: Buffer) => {
      socket.pause()
      session
        .receive(chunk)
        .then(() => {
          if (closed) return
          if (handshake && session.loggedIn) {
            clearTimeout(handshake)
            handshake = null
          }
          if (session.pendingBytes > 0 && !frameTimer) {
            frameTimer = setTimeout(
              () => close('frame not completed in time'),
              this.limits.frameSeconds * 1000
            )
          } else if (session.pendingBytes === 0 && frameTimer) {
            clearTimeout(frameTimer)
            frameTimer = null
          }
          socket.resume()
        })
        .catch((error) => close('invalid data from tracker, connection closed', error))
    })
  }
}
