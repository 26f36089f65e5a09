import type { Member } from '#abilities/main'
import { roleAtLeast } from '#enums/team_role'

/**
 * Visibility by vehicle group (issue 27): a member limited to some device groups sees only
 * those vehicles (and what belongs to them); owners and admins see every vehicle.
 */
export interface VehicleScope {
  companyId: number
  /** The device groups the member is limited to; null: every vehicle of the company. */
  deviceGroupIds: number[] | null
}

/** The vehicle groups a member is limited to, or null for all. */
export function deviceGroupsOf(member: Member | null): number[] | null {
  if (!member || roleAtLeast(member.role, 'admin')) return null
  return member.deviceGroupIds
}

/** Whether a member limited to `groups` (null: all) sees a vehicle of group `groupId`. */
export function seesGroup(groups: readonly number[] | null, groupId: number | null): boolean {
  return groups === null || (groupId !== null && groups.includes(groupId))
}

interface WhereRaw {
  whereRaw(sql: string, bindings: unknown[]): unknown
}

/**
 * The one scoping function: keeps the rows whose vehicle (`deviceIdSql`, a column or
 * expression of the query) is in the member's groups. Applied where a query takes the
 * company scope (the resource machinery, the API).
 */
export function visibleVehiclesOnly<Query extends WhereRaw>(
  query: Query,
  deviceIdSql: string,
  scope: VehicleScope
): Query {
  if (scope.deviceGroupIds === null) return query
  query.whereRaw(
    `${deviceIdSql} IN (SELECT id FROM devices WHERE company_id = ? AND group_id = ANY(?::int[]))`,
    [scope.companyId, scope.deviceGroupIds]
  )
  return query
}

/**
 * Keeps the rows whose driver (`driverIdSql`) is one of the member's drivers: a driver
 * assigned to a vehicle in their groups (docs/permissions.md, "Their drivers").
 */
export function visibleDriversOnly<Query extends WhereRaw>(
  query: Query,
  driverIdSql: string,
  scope: VehicleScope
): Query {
  if (scope.deviceGroupIds === null) return query
  query.whereRaw(
    `${driverIdSql} IN (SELECT driver_id FROM devices WHERE company_id = ?
      AND driver_id IS NOT NULL AND group_id = ANY(?::int[]))`,
    [scope.companyId, scope.deviceGroupIds]
  )
  return query
}

/**
 * What a member limited to vehicle groups may choose in a form, as a condition on the rows of
 * `table` (by their own columns): their vehicles (`devices`); their drivers and their own driver
 * record (`drivers`). Null: no limit (an unlimited member, or a table not about vehicles). The
 * resource validator refuses any other choice like an unknown record, and the form offers none.
 */
export function choosableSql(
  table: string,
  scope: VehicleScope,
  userId: number | null
): { sql: string; bindings: Array<number | number[]> } | null {
  if (scope.deviceGroupIds === null) return null
  if (table === 'devices') {
    return {
      sql: 'company_id = ? AND group_id = ANY(?::int[])',
      bindings: [scope.companyId, scope.deviceGroupIds],
    }
  }
  if (table === 'drivers') {
    return {
      sql: `(id IN (SELECT driver_id FROM devices WHERE company_id = ? AND driver_id IS NOT NULL
        AND group_id = ANY(?::int[])) OR user_id = ?)`,
      bindings: [scope.companyId, scope.deviceGroupIds, userId ?? 0],
    }
  }
  if (['work_orders', 'fleet_issues', 'inspections'].includes(table)) {
    return {
      sql: 'device_id IN (SELECT id FROM devices WHERE company_id = ? AND group_id = ANY(?::int[]))',
      bindings: [scope.companyId, scope.deviceGroupIds],
    }
  }
  return null
}
