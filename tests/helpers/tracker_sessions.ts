import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { queueCommand } from '#actions/tracking/queue_command'
import type { CommandKind } from '#tracking/server/command_dispatcher'
import type { TrackerProtocol } from '#shared/fleet_enums'
import { createMember } from '#tests/helpers/accounts'
import { eventually } from '#tests/helpers/tracking'

/** The protocol an unknown device spoke, once the listener has listed it (null: not listed). */
export async function listedProtocolOf(imei: string): Promise<string | null> {
  const rows = await eventually(
    () => db.from('unregistered_devices').where('imei', imei),
    (found) => found.length === 1
  )
  return rows[0]?.protocol ?? null
}

/** The device's §9 events among `codes`, as `<code><state>` in time order, once `count` are in. */
export async function eventCodesOf(deviceId: number, codes: string[], count: number) {
  return eventually(
    async () =>
      (
        await db
          .from('events')
          .where('device_id', deviceId)
          .whereIn('code', codes)
          .orderBy('event_time')
      ).map((event) => `${event.code}${event.state ?? ''}`),
    (found) => found.length === count
  )
}

/** A member's device of a protocol, with a command queued for it by the member. */
export async function deviceWithCommand(
  protocol: TrackerProtocol,
  imei: string,
  kind: CommandKind
) {
  const { company, user } = await createMember()
  const { id } = await registerDevice({ company: company.name, imei, name: imei, protocol })
  const command = await queueCommand({ companyId: company.id, deviceId: id, userId: user.id, kind })
  return { id, command }
}

/** The command's row once it has reached `status`. */
export async function commandOnceIn(commandId: number, status: string) {
  return eventually(
    async () => db.from('device_commands').where('id', commandId).firstOrFail(),
    (row) => row.status === status
  )
}
