import db from '@adonisjs/lucid/services/db'
import CommandTemplate from '#models/command_template'
import { queueCommand } from '#actions/tracking/queue_command'

export type CommandTarget =
  { kind: 'device'; deviceId: number } | { kind: 'group'; groupId: number }

export interface SendResult {
  /** Commands queued, one per vehicle of the template's protocol. */
  queued: number
  /** Vehicles of the target that speak another protocol and got nothing. */
  skipped: number
}

/**
 * Queues a saved command for one vehicle or every vehicle of a group. Only vehicles whose
 * tracker speaks the template's protocol get it; the others are counted as skipped. The
 * template, the vehicle and the group are the company's own (another company's id: 404).
 */
export async function sendCommandTemplate(input: {
  companyId: number
  userId: number | null
  templateId: number
  target: CommandTarget
}): Promise<SendResult> {
  const template = await CommandTemplate.query()
    .where('company_id', input.companyId)
    .where('id', input.templateId)
    .firstOrFail()
  const devices = () =>
    db.from('devices').where('company_id', input.companyId).select('id', 'protocol')
  let rows: { id: number; protocol: string }[]
  if (input.target.kind === 'device') {
    rows = [await devices().where('id', input.target.deviceId).firstOrFail()]
  } else {
    await db
      .from('device_groups')
      .where('company_id', input.companyId)
      .where('id', input.target.groupId)
      .firstOrFail()
    rows = await devices().where('group_id', input.target.groupId).orderBy('id')
  }
  let queued = 0
  for (const row of rows) {
    if (row.protocol !== template.protocol) continue
    await queueCommand({
      companyId: input.companyId,
      deviceId: row.id,
      userId: input.userId,
      kind: 'custom',
      payload: template.text,
    })
    queued++
  }
  return { queued, skipped: rows.length - queued }
}
