import db from '@adonisjs/lucid/services/db'
import type { ScopeParameter } from '#reports/engine/inputs'

/** The company's vehicles, groups and drivers a report can be run for (only those it accepts). */
export async function reportOptions(
  companyId: number,
  scope: ScopeParameter[],
  deviceGroupIds: number[] | null = null
) {
  const wants = (...names: ScopeParameter[]) => names.some((name) => scope.includes(name))
  const list = async (
    table: string,
    columns: string[],
    label: (row: Record<string, unknown>) => string
  ) => {
    // A member limited to vehicle groups is offered only those groups and their vehicles.
    const groupColumn = table === 'devices' ? 'group_id' : table === 'device_groups' ? 'id' : null
    const rows = await db
      .from(table)
      .where('company_id', companyId)
      .if(deviceGroupIds && groupColumn, (query) =>
        query.whereRaw(`${groupColumn} = ANY(?::int[])`, [deviceGroupIds ?? []])
      )
      .orderBy('name')
      .orderBy('id')
      // Only what the picker shows: a fleet's devices rows are wide (about 34 columns), read
      // for every report page.
      .select('id', ...columns)
    return rows.map((row) => ({ id: Number(row.id), name: label(row) }))
  }
  return {
    vehicles: wants('deviceId', 'deviceIds')
      ? await list('devices', ['name', 'plate'], (row) =>
          row.plate ? `${row.plate} · ${row.name}` : String(row.name)
        )
      : [],
    groups: wants('groupId')
      ? await list('device_groups', ['name'], (row) => String(row.name))
      : [],
    drivers: wants('driverId') ? await list('drivers', ['name'], (row) => String(row.name)) : [],
  }
}
