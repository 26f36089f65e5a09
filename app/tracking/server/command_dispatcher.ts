import type pg from 'pg'
import type { DeviceContext } from '../pipeline/enrich.js'

export type CommandKind = 'engine_block' | 'engine_unblock' | 'custom'

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

export const COMMAND_CHANNEL = 'device_commands'
/** NOTIFYed with a device's IMEI when it is created, edited, claimed or deleted. */
export const DEVICE_CHANGES_CHANNEL = 'device_changes'

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

  constructor(
    private readonly pool: pg.Pool,
    private readonly onUpdate: (update: CommandUpdate) => void,
    private readonly onDeviceChange: (imei: string) => void = () => {}
  ) {}

  async start() {
    this.listener = await this.pool.connect()
    this.listener.on('notification', (message) => {
      if (message.channel === DEVICE_CHANGES_CHANNEL) {
        this.onDeviceChange(message.payload ?? '')
        return
      }
      const deviceId = Number(message.payload)
      if (this.channels.has(deviceId)) this.deliver(deviceId).catch(() => {})
    })
    await this.listener.query(`LISTEN ${COMMAND_CHANNEL}`)
    await this.listener.query(`LISTEN ${DEVICE_CHANGES_CHANNEL}`)
  }

  async stop() {
    if (!this.listener) return
    await this.listener.query('UNLISTEN *').catch(() => {})
    this.listener.release()
    this.listener = null
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
    const { rows } = await this.pool.query(
      `SELECT id, kind, payload FROM device_commands WHERE device_id = $1 AND status = 'queued' ORDER BY id`,
      [deviceId]
    )
    for (const row of rows) {
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
