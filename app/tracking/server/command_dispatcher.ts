import type pg from 'pg'
import type { Logger } from '@adonisjs/core/logger'
import type { DeviceContext } from '../pipeline/enrich.js'
import { BatchedLookup } from './batched_lookup.js'

import { COMMAND_CHANNEL, DEVICE_CHANGES_CHANNEL, type CommandKind } from '../channels.js'

export { COMMAND_CHANNEL, DEVICE_CHANGES_CHANNEL, type CommandKind }

export interface CommandChannel {
  device: DeviceContext
  /** Writes the command to the device; false when this protocol cannot carry it. */
  send(kind: CommandKind, payload: string): boolean
}

export interface CommandUpdate {
  id: number
  deviceId: number
  companyId: number
  status: 'sent' | 'answered' | 'failed'
  response: string | null
}

interface QueuedCommand {
  id: number
  kind: CommandKind
  payload: string
}

/**
 * The digital outputs a reply states, by number: Teltonika answers `setdigout` (and
 * `getio`-like queries) with "DOUT1:1 DOUT2:0". A reply that names no output gives {}.
 */
export function outputsStatedBy(reply: string): Record<number, boolean> {
  const outputs: Record<number, boolean> = {}
  for (const match of reply.matchAll(/\bDOUT(\d):([01])\b/gi)) {
    outputs[Number(match[1])] = match[2] === '1'
  }
  return outputs
}
/**
 * Delivers queued commands (device_commands rows) to connected devices: when a
 * device logs in, and when the web app queues one (it NOTIFYs on
 * `device_commands` with the device id). A command for a device that is offline
 * stays queued until it connects. The device's reply answers the oldest command
 * it was sent.
 */
export class CommandDispatcher {
  private readonly channels = new Map<number, CommandChannel>()
  private listener: pg.PoolClient | null = null
  private stopped = false
  private reconnectTimer: NodeJS.Timeout | null = null
  private failures = 0
  private readonly queued = new BatchedLookup<number, QueuedCommand[]>(
    async (deviceIds) => {
      const { rows } = await this.pool.query(
        `SELECT id, device_id, kind, payload FROM device_commands
          WHERE device_id = ANY($1::int[]) AND status = 'queued' ORDER BY id`,
        [deviceIds]
      )
      const byDevice = new Map<number, QueuedCommand[]>()
      for (const row of rows) {
        const list = byDevice.get(row.device_id) ?? []
        list.push({ id: row.id, kind: row.kind, payload: row.payload })
        byDevice.set(row.device_id, list)
      }
      return byDevice
    },
    () => []
  )

  constructor(
    private readonly pool: pg.Pool,
    private readonly onUpdate: (update: CommandUpdate) => void,
    private readonly onDeviceChange: (imei: string) => void = () => {},
    private readonly logger?: Logger,
    /** More NOTIFY channels to listen on, with what to do with their payload. */
    private readonly extraChannels: Record<string, (payload: string) => void> = {}
  ) {}

  /** The LISTEN connection is up: commands queued by the web reach devices at once. */
  get listening() {
    return this.listener !== null
  }

  /** Connects the LISTEN connection; throws when the database cannot be reached. */
  async start() {
    this.stopped = false
    await this.listen()
  }

  async stop() {
    this.stopped = true
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    const listener = this.listener
    this.listener = null
    if (!listener) return
    await listener.query('UNLISTEN *').catch(() => {})
    listener.release()
  }

  private async listen() {
    const client = await this.pool.connect()
    // Without this listener a killed connection (57P01) is an unhandled 'error' event
    // that ends the whole process.
    client.on('error', (error) => this.lost(client, error))
    client.on('notification', (message) => {
      if (message.channel === DEVICE_CHANGES_CHANNEL) {
        this.onDeviceChange(message.payload ?? '')
        return
      }
      const extra = this.extraChannels[message.channel]
      if (extra) {
        extra(message.payload ?? '')
        return
      }
      const deviceId = Number(message.payload)
      if (this.channels.has(deviceId)) this.deliver(deviceId).catch(() => {})
    })
    try {
      await client.query(`LISTEN ${COMMAND_CHANNEL}`)
      await client.query(`LISTEN ${DEVICE_CHANGES_CHANNEL}`)
      for (const channel of Object.keys(this.extraChannels)) {
        await client.query(`LISTEN ${channel}`)
      }
    } catch (error) {
      client.release(error as Error)
      throw error
    }
    this.listener = client
  }

  private lost(client: pg.PoolClient, error: Error) {
    if (this.listener !== client) return
    this.listener = null
    client.release(error)
    if (this.stopped) return
    this.logger?.warn({ err: error }, 'command listener lost its database connection, reconnecting')
    this.reconnect()
  }

  /** Back-off 100 ms doubling to 2 s: back within 2 s of the database returning. */
  private reconnect() {
    if (this.stopped || this.reconnectTimer) return
    const delay = Math.min(2000, 100 * 2 ** this.failures)
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null
      if (this.stopped) return
      try {
        await this.listen()
      } catch (error) {
        this.failures++
        if (this.failures === 1 || this.failures % 30 === 0) {
          this.logger?.warn({ err: error }, 'command listener cannot reach the database, retrying')
        }
        this.reconnect()
        return
      }
      this.failures = 0
      this.logger?.info('command listener reconnected')
      // Notifications sent while it was away are lost: look for queued commands and
      // device changes again.
      this.onDeviceChange('')
      for (const deviceId of this.channels.keys()) this.deliver(deviceId).catch(() => {})
    }, delay)
  }

  attach(channel: CommandChannel) {
    this.channels.set(channel.device.id, channel)
    return this.deliver(channel.device.id)
  }

  detach(channel: CommandChannel) {
    if (this.channels.get(channel.device.id) === channel) this.channels.delete(channel.device.id)
  }

  async deliver(deviceId: number) {
    const channel = this.channels.get(deviceId)
    if (!channel) return
    for (const row of await this.queued.load(deviceId)) {
      // Marked sent before it goes out: a device may answer faster than a second query.
      const claimed = await this.pool.query(
        `UPDATE device_commands SET status = 'sent', sent_at = now() WHERE id = $1 AND status = 'queued' RETURNING id`,
        [row.id]
      )
      if (claimed.rowCount === 0) continue
      if (channel.send(row.kind, row.payload)) {
        this.onUpdate({
          id: row.id,
          deviceId,
          companyId: channel.device.companyId,
          status: 'sent',
          response: null,
        })
        continue
      }
      const response = 'not supported by this protocol'
      await this.pool.query(
        `UPDATE device_commands SET status = 'failed', response = $2 WHERE id = $1`,
        [row.id, response]
      )
      this.onUpdate({
        id: row.id,
        deviceId,
        companyId: channel.device.companyId,
        status: 'failed',
        response,
      })
    }
  }

  async answered(device: DeviceContext, response: string) {
    const { rows } = await this.pool.query(
      `UPDATE device_commands SET status = 'answered', response = $2, answered_at = now()
        WHERE id = (SELECT id FROM device_commands WHERE device_id = $1 AND status = 'sent'
                     ORDER BY id LIMIT 1)
        RETURNING id`,
      [device.id, response.slice(0, 2000)]
    )
    if (rows[0]) {
      this.onUpdate({
        id: rows[0].id,
        deviceId: device.id,
        companyId: device.companyId,
        status: 'answered',
        response,
      })
    }
  }
}
