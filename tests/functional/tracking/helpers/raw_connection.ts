import net from 'node:net'

/**
 * A bare TCP client for hostile-input tests: sends whatever bytes it is given, keeps what
 * the server answers, and knows whether and when the server closed the connection.
 */
export class RawConnection {
  readonly received: Buffer[] = []
  readonly openedAt = performance.now()
  closedAt: number | null = null
  private readonly closed: Promise<void>

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => this.received.push(chunk))
    socket.on('error', () => {})
    this.closed = new Promise((resolve) => {
      socket.on('close', () => {
        this.closedAt = performance.now()
        resolve()
      })
    })
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host, noDelay: true })
      socket.once('connect', () => {
        socket.off('error', reject)
        resolve(new RawConnection(socket))
      })
      socket.once('error', reject)
    })
  }

  get receivedBytes(): number {
    return this.received.reduce((total, chunk) => total + chunk.length, 0)
  }

  get isClosed(): boolean {
    return this.closedAt !== null
  }

  send(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes)
  }

  /** Resolves once `bytes` bytes arrived; false when the connection closed or time ran out. */
  async receive(bytes: number, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs
    while (this.receivedBytes < bytes) {
      if (this.isClosed || performance.now() > deadline) return false
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return true
  }

  /** True when the server closed the connection within `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs)
    })
    await Promise.race([this.closed, timeout])
    clearTimeout(timer)
    return this.isClosed
  }

  destroy(): void {
    this.socket.destroy()
  }
}
