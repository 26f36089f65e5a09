import type CommandTemplate from '#models/command_template'

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString()

export function commandTemplateForList(template: CommandTemplate) {
  return {
    id: template.id,
    protocol: template.protocol,
    name: template.name,
    text: template.text,
  }
}

/** A line of the command log: the vehicle, what was sent, its status and the reply. */
export function commandLogLine(row: {
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
}) {
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
