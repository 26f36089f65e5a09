import { BaseTransformer } from '@adonisjs/core/transformers'

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString()

/** A row of the command log query. */
export type CommandLogRow = {
  id: number | string
  device_id: number
  device_name: string
  device_plate: string | null
  kind: string
  payload: string
  status: string
  response: string | null
  created_at: Date | string
  sent_at: Date | string | null
  answered_at: Date | string | null
  user_email: string | null
}

/**
 * A line of the command log: the vehicle, what was sent, its status and the reply. The
 * commands page's type is generated from this class (`Data.Settings.Command`).
 */
export default class CommandTransformer extends BaseTransformer<CommandLogRow> {
  toObject() {
    const row = this.resource
    return {
      id: Number(row.id),
      deviceId: row.device_id,
      vehicle: row.device_name,
      plate: row.device_plate,
      kind: row.kind,
      payload: row.payload,
      status: row.status,
      response: row.response,
      createdAt: iso(row.created_at)!,
      sentAt: iso(row.sent_at),
      answeredAt: iso(row.answered_at),
      sentBy: row.user_email,
    }
  }
}

export function commandLogLine(row: CommandLogRow) {
  return new CommandTransformer(row).toObject()
}
