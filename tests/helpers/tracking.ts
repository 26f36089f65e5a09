import type { DeviceFix } from '#tracking/simulator/device_fix'
import net from 'node:net'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { TrackingService } from '#tracking/tracking_service'
import type { LiveMessage } from '#tracking/live_channel'
import { liveMessagesOf } from '#shared/live_broadcast'
import { TransmitPublisher } from '#tracking/server/transmit_publisher'
import { ephemeralTrackingPorts } from '#tracking/protocols/registry'

/**
 * A listener on ephemeral ports. Its live messages are recorded in `published`, or, with
 * `broadcast`, sent through Transmit for real (browser tests watch the page receive them).
 */
export async function startListener(
  options: {
    limits?: ConstructorParameters<typeof TrackingService>[0]['limits']
    broadcast?: boolean
  } = {}
) {
  const published: { channel: string; message: LiveMessage }[] = []
  const recorder = new TransmitPublisher((channel, broadcast) => {
    for (const message of liveMessagesOf(broadcast)) published.push({ channel, message })
  })
  const service = new TrackingService({
    host: '127.0.0.1',
    ports: ephemeralTrackingPorts(),
    logger,
    publisher: options.broadcast ? undefined : recorder,
    limits: options.limits,
    poolSize: 3,
  })
  await service.start()
  return { service, published }
}

/** A raw TCP client that collects what the server sends back. */
export class TrackerClient {
  private received = Buffer.alloc(0)
  private waiters: (() => void)[] = []
  closed = false
  readonly socket: net.Socket

  private constructor(socket: net.Socket) {
    this.socket = socket
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk])
      this.wake()
    })
    socket.on('close', () => {
      this.closed = true
      this.wake()
    })
    socket.on('error', () => {})
  }

  static connect(port: number): Promise<TrackerClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new TrackerClient(socket)))
      socket.once('error', reject)
    })
  }

  send(hex: string | Buffer) {
    this.socket.write(typeof hex === 'string' ? Buffer.from(hex, 'hex') : hex)
  }

  /** The next `length` bytes the server sent, or null when it closed or stayed silent. */
  async read(length: number, timeoutMs = 3000): Promise<Buffer | null> {
    const deadline = Date.now() + timeoutMs
    while (this.received.length < length) {
      if (this.closed || Date.now() > deadline) return null
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()))
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    const chunk = this.received.subarray(0, length)
    this.received = this.received.subarray(length)
    return chunk
  }

  async waitClosed(timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs
    while (!this.closed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.closed
  }

  end() {
    this.socket.destroy()
  }

  private wake() {
    const waiters = this.waiters
    this.waiters = []
    waiters.forEach((wake) => wake())
  }
}

export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 3000
) {
  const deadline = Date.now() + timeoutMs
  let value = await probe()
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    value = await probe()
  }
  return value
}

/** A plausible Teltonika record at `time`, for tests that build packets by hand. */
export function deviceFix(time: Date, latitude = 41.0151, longitude = 28.9795): DeviceFix {
  return {
    time,
    latitude,
    longitude,
    speed: 42,
    course: 45,
    altitude: 30,
    satellites: 10,
    ignition: true,
    moving: true,
    odometer: 1_000_000,
    tripOdometer: 0,
    power: 13.8,
    battery: 4.1,
    gsmLevel: 4,
    relay: false,
    cell: { mcc: 286, mnc: 1, lac: 1, cellId: 1 },
  }
}

export { freeTrackingPorts, trackingPortVariables } from '#tracking/protocols/registry'

/** A device's position hours in order, every column but its keys (to compare two devices). */
export function positionHoursOf(deviceId: number) {
  return db
    .from('position_hours')
    .where('device_id', deviceId)
    .orderBy('hour')
    .select(
      'hour',
      'first_fix',
      'last_fix',
      'first_odometer_time',
      'first_odometer',
      'last_odometer_time',
      'last_odometer'
    )
}
