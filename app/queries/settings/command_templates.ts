import db from '@adonisjs/lucid/services/db'
import CommandTemplate from '#models/command_template'

/** A vehicle a command can go to. */
export type CommandTargetRow = {
  id: number
  name: string
  plate: string | null
  protocol: string
  groupId: number | null
}

/** The company's saved commands for one tracker protocol, by name. */
export function commandTemplatesFor(companyId: number, protocol: string) {
  return CommandTemplate.query()
    .where('company_id', companyId)
    .where('protocol', protocol)
    .orderBy('name')
}

/** All the company's saved commands, by protocol and name. */
export function companyCommandTemplates(companyId: number) {
  return CommandTemplate.query().where('company_id', companyId).orderBy('protocol').orderBy('name')
}

/** One of the company's saved commands; another company's is a 404. */
export function findCompanyCommandTemplate(companyId: number, id: unknown) {
  return CommandTemplate.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .firstOrFail()
}

/** Whether another saved command of the company has the name for the protocol (case-insensitive). */
export async function commandTemplateNameTaken(
  companyId: number,
  protocol: string,
  name: string,
  exceptId: number | null
) {
  const query = CommandTemplate.query()
    .where('company_id', companyId)
    .where('protocol', protocol)
    .whereRaw('lower(name) = lower(?)', [name])
  if (exceptId) query.whereNot('id', exceptId)
  return Boolean(await query.first())
}

/** What a saved command may be sent to: the company's vehicles and vehicle groups, by name. */
export async function commandTargets(companyId: number, deviceGroupIds: number[] | null = null) {
  // A member limited to vehicle groups sends to their groups' vehicles only.
  const [devices, groups] = await Promise.all([
    db
      .from('devices')
      .where('company_id', companyId)
      .if(deviceGroupIds, (q) => q.whereRaw('group_id = ANY(?::int[])', [deviceGroupIds ?? []]))
      .select('id', 'name', 'plate', 'protocol', 'group_id')
      .orderBy('name'),
    db
      .from('device_groups')
      .where('company_id', companyId)
      .if(deviceGroupIds, (q) => q.whereIn('id', deviceGroupIds!))
      .select('id', 'name')
      .orderBy('name'),
  ])
  return {
    devices: devices.map((row: any): CommandTargetRow => ({
      id: row.id,
      name: row.name,
      plate: row.plate ?? null,
      protocol: row.protocol,
      groupId: row.group_id ?? null,
    })),
    groups: groups.map((row: any) => ({ id: row.id as number, name: row.name as string })),
  }
}
