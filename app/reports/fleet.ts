import type { ResolvedPeriod } from '#reports/engine/period'
import { vehicleFilterSql } from '#reports/telematics'
import { exchangeRate } from '#services/site/quotes'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

/**
 * What the fleet reports share (README, "Fleet reports"): the period as record dates (days in
 * the user's time zone), money in TL, and the optional vehicle filter over the records'
 * vehicle (records without a vehicle count only when no vehicle, group or list is chosen).
 */

/** The record dates of the period: from its first local day to its last one, inclusive. */
export function periodDays(period: ResolvedPeriod) {
  return {
    from: period.from.toISODate()!,
    to: period.to.minus({ milliseconds: 1 }).toISODate()!,
  }
}

/** An amount in cents, in TL (EUR at the quotes' EUR/TRY rate), as SQL over a currency column. */
export function tlSql(cents: string, currency: string) {
  const rate = Number(exchangeRate().rate)
  return `(coalesce(${cents}, 0) * (CASE ${currency} WHEN 'EUR' THEN ${rate} ELSE 1 END) / 100.0)`
}

export interface FleetVehicleParams {
  deviceId?: number
  deviceIds?: number[]
  groupId?: number
  visibleGroupIds?: number[] | null
}

/** The vehicle filter over a devices alias (LEFT JOINed), or TRUE when none is chosen. */
export function vehicleClause(alias: string, companyId: number, params: FleetVehicleParams) {
  const filtered =
    params.deviceId ||
    (params.deviceIds?.length ?? 0) > 0 ||
    params.groupId ||
    params.visibleGroupIds
  if (!filtered) return { sql: 'TRUE', bindings: [] as unknown[] }
  return vehicleFilterSql(alias, companyId, { period: 'custom', ...params })
}

/**
 * The drivers a fleet report lists (alias `dr`): one when `driverId` is given; for a member
 * limited to vehicle groups, those assigned to a vehicle of their groups (docs/permissions.md).
 * Pushes its bindings after the caller's.
 */
export function reportDriversClause(
  params: { driverId?: number; visibleGroupIds?: number[] | null },
  companyId: number,
  bindings: unknown[]
) {
  let clause = ''
  if (params.driverId) {
    clause = 'AND dr.id = ?'
    bindings.push(params.driverId)
  }
  if (params.visibleGroupIds) {
    clause += ` AND dr.id IN (SELECT driver_id FROM devices WHERE company_id = ?
      AND driver_id IS NOT NULL AND group_id = ANY(?::int[]))`
    bindings.push(companyId, pgArrayLiteral(params.visibleGroupIds))
  }
  return clause
}
