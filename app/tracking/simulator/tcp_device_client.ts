import net from 'node:net'
import { DeviceClient } from './device_client.js'
import type { DeviceFix } from './device_fix.js'

const CONNECT_TIMEOUT_MS = 10_000
export const LOGIN_ACK = 'login'

/** One frame to write, and what the server's acknowledgement of it will be. */
export interface Exchange {
  frame: Buffer
  /**
   * Matches the server's ack; null when the server sends none (command replies, and the data
   * frames of a protocol without acknowledgements, counted as delivered once written).
   */
  ackKey: string | null
  /** Records the ack confirms (in order; an ack may confirm the first n only). */
  fixes: DeviceFix[]
  /** Rows the server stores for the frame besides the records (a GT06 heartbeat: 1). */
  extraRows: number
}

class ConnectionClosedError extends Error {
  constructor(readonly byServer: boolean) {
    super(byServer ? 'connection closed by the server' : 'connection lost')
  }
}

interface AckWaiter {
  key: string
  resolve: (count: number) => void
  reject: (error: Error) => void
}

/**
 * A tracker on a TCP connection: connect, log in, then one frame at a time, each waiting for
 * its acknowledgement; command replies go out between frames. A refused or dropped
 * connection is retried with exponential backoff.
 */
export abstract class TcpDeviceClient extends DeviceClient {
  private socket: net.Socket | null = null
  private waiter: AckWaiter | null = null
  private closedByServer = false
  /** Counts connections, so a reply prepared for one is never sent on the next. */
  private connectionNumber = 0
  protected replies: Exchange[] = []

  /** The login frame of a new connection; null for a protocol without one (Meitrack). */
  protected abstract loginFrame(): Buffer | null

  /** Bytes from the server: call acknowledged() and queue replies to commands. */
  protected abstract receive(chunk: Buffer): void

  /** The next data frame (records, or a protocol's own status frame); null when none is due. */
  protected abstract nextExchange(): Exchange | null

  /** Forgets what belonged to the previous connection (parsers, serials). */
  protected abstract resetConnectionState(): void

  protected async run(): Promise<void> {
    let attempt = 0
    while (this.running) {
      let online = false
      try {
        await this.connect()
        if (await this.login()) {
          online = true
          attempt = 0
          this.stats.online++
          this.stats.loginsAccepted++
          await this.exchangeFrames()
        } else {
          this.stats.loginsRejected++
        }
      } catch (error) {
        if (this.running) this.stats.error(error)
      } finally {
        if (online) this.stats.online--
        this.disconnect()
      }
      if (!this.running) break
      this.stats.reconnects++
      await this.sleep(this.backoffMs(attempt++))
    }
  }

  protected disconnect(): void {
    this.socket?.destroy()
    this.socket = null
  }

  /** The server acknowledged something: resolves the frame waiting for exactly that. */
  protected acknowledged(key: string, count: number): void {
    const waiter = this.waiter
    if (!waiter || waiter.key !== key) return
    this.waiter = null
    waiter.resolve(count)
  }

  /**
   * Queues a command reply once the device has carried the command out (after
   * `commandReplyMs`); it is written after the frame in flight is acknowledged.
   */
  protected reply(exchange: Exchange): void {
    const connection = this.connectionNumber
    const queue = () => {
      if (!this.running || connection !== this.connectionNumber) return
      this.replies.push(exchange)
      this.signal()
    }
    if (this.settings.commandReplyMs > 0) setTimeout(queue, this.settings.commandReplyMs)
    else queue()
  }

  private connect(): Promise<void> {
    const { host, port, localAddress } = this.settings
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, localAddress, noDelay: true })
      const timer = setTimeout(
        () => socket.destroy(new Error('connect timed out')),
        CONNECT_TIMEOUT_MS
      )
      socket.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      socket.once('connect', () => {
        clearTimeout(timer)
        if (!this.running) {
          socket.destroy()
          reject(new Error('stopped'))
          return
        }
        this.attach(socket)
        resolve()
      })
    })
  }

  private attach(socket: net.Socket): void {
    this.socket = socket
    this.connectionNumber++
    this.closedByServer = false
    this.replies = []
    this.resetConnectionState()
    socket.on('error', () => {})
    socket.on('data', (chunk: Buffer) => {
      try {
        this.receive(chunk)
      } catch (error) {
        socket.destroy(error as Error)
      }
    })
    socket.on('end', () => {
      this.closedByServer = true
    })
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null
      const waiter = this.waiter
      this.waiter = null
      waiter?.reject(new ConnectionClosedError(this.closedByServer))
      this.signal()
    })
  }

  /** True when accepted; a server that answers the login by closing refuses the device. */
  private async login(): Promise<boolean> {
    const frame = this.loginFrame()
    if (frame === null) return true
    try {
      return (await this.send(frame, LOGIN_ACK)) > 0
    } catch (error) {
      if (error instanceof ConnectionClosedError && error.byServer) return false
      throw error
    }
  }

  private async exchangeFrames(): Promise<void> {
    while (this.running) {
      if (!this.socket) throw new ConnectionClosedError(this.closedByServer)
      const reply = this.replies.shift()
      if (reply) {
        if (reply.ackKey === null) this.write(reply.frame)
        else await this.send(reply.frame, reply.ackKey)
        this.stats.commandsAnswered++
        continue
      }
      this.hasRecords()
      const exchange = this.nextExchange()
      if (!exchange) {
        await this.waitForWork()
        continue
      }
      const sentAt = performance.now()
      this.stats.framesSent++
      // A protocol without acknowledgements (GPS103 reports): written is as good as it gets.
      const count =
        exchange.ackKey === null
          ? (this.write(exchange.frame), exchange.fixes.length)
          : await this.send(exchange.frame, exchange.ackKey)
      this.stats.ackLatency.record(performance.now() - sentAt)
      this.stats.acksReceived++
      const acked = exchange.fixes.slice(0, Math.max(0, count))
      this.acknowledge(acked)
      this.stats.recordsAcked += acked.length + exchange.extraRows
    }
  }

  private write(frame: Buffer): void {
    if (!this.socket) throw new ConnectionClosedError(this.closedByServer)
    this.socket.write(frame)
  }

  /** Writes a frame and resolves with the count its acknowledgement carries. */
  private send(frame: Buffer, ackKey: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.waiter?.key !== ackKey) return
        this.waiter = null
        reject(new Error(`no acknowledgement within ${this.settings.ackTimeoutMs} ms`))
      }, this.settings.ackTimeoutMs)
      this.waiter = {
        key: ackKey,
        resolve: (count) => {
          clearTimeout(timer)
          resolve(count)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      try {
        this.write(frame)
      } catch (error) {
        this.waiter = null
        clearTimeout(timer)
        reject(error)
      }
    })
  }
}
