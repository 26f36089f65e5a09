import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { memberOf } from '#abilities/member'
import { companyIdOf } from '#queries/live/company_scope'
import { liveChannelsOf } from '#tracking/live_channel'
import { deviceGroupsOf, type VehicleScope } from '#abilities/vehicle_scope'

/* The request's side of visibility by vehicle group (app/abilities/vehicle_scope.ts). */

/**
 * The request's vehicle scope: the current company and the member's groups. A request outside
 * any company answers 404 (like another company's record).
 */
export async function vehicleScopeOf(ctx: HttpContext): Promise<VehicleScope> {
  const companyId = companyIdOf(ctx)
  return { companyId, deviceGroupIds: deviceGroupsOf(await memberOf(ctx)) }
}

/** Whether the vehicle `deviceId` is one the scope sees (true for an unlimited member). */
export async function isVehicleVisible(scope: VehicleScope, deviceId: number): Promise<boolean> {
  if (scope.deviceGroupIds === null) return true
  const row = await db
    .from('devices')
    .where('company_id', scope.companyId)
    .where('id', deviceId)
    .whereRaw('group_id = ANY(?::int[])', [scope.deviceGroupIds])
    .first()
  return Boolean(row)
}

/** A vehicle outside the member's groups answers 404, like another company's vehicle. */
export async function assertVehicleVisible(scope: VehicleScope, deviceId: number) {
  if (!(await isVehicleVisible(scope, deviceId))) throw new lucidErrors.E_ROW_NOT_FOUND()
}

/** The live channels (Transmit) the request's member follows: see `liveChannelsOf`. */
export async function liveChannelsFor(ctx: HttpContext): Promise<string[]> {
  const scope = await vehicleScopeOf(ctx)
  return liveChannelsOf(scope.companyId, scope.deviceGroupIds)
}

/** The vehicle groups the request's member is limited to (null: every vehicle). */
export async function requestDeviceGroups(ctx: HttpContext): Promise<number[] | null> {
  const scope = await vehicleScopeOf(ctx)
  return scope.deviceGroupIds
}
