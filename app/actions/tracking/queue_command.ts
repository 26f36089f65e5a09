import db from '@adonisjs/lucid/services/db'
import { COMMAND_CHANNEL, type CommandKind } from '#tracking/channels'

/**
 * Queues a command for a device and tells the listeners (NOTIFY): the one the
 * device is connected to sends it at once; otherwise it waits for the device.
 */
export async function queueCommand(input: {
  companyId: number
  deviceId: number
  userId: number | null
  kind: CommandKind
  payload?: string
}) {
  return db.transaction(async (trx) => {
    const device = await trx
      .from('devices')
      .where('id', input.deviceId)
      .where('company_id', input.companyId)
      .firstOrFail()
    const payload = input.kind === 'custom' ? (input.payload ?? '').trim() : input.kind
    const [row] = await trx
      .table('device_commands')
      .insert({
        company_id: input.companyId,
        device_id: device.id,
        user_id: input.userId,
        kind: input.kind,
        payload,
        status: 'queued',
        created_at: new Date(),
      })
      .returning(['id', 'status'])
    await trx.rawQuery(`SELECT pg_notify(?, ?)`, [COMMAND_CHANNEL, String(device.id)])
    return { id: Number(row.id), status: row.status as string }
  })
}
