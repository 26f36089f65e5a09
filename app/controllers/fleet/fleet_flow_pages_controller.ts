import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { vehicleCheckItems, vehicleCheckTypes } from '#shared/vehicle_check'
import { fleetStats, inventoryReport } from '#queries/fleet/fleet_flow_reports'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import { choosableSql, type VehicleScope } from '#abilities/vehicle_scope'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'

/** The company's vehicles and drivers, as choices of a form or a filter. */
async function choices(companyId: number, scope: VehicleScope, userId: number | null) {
  // A member limited to vehicle groups chooses their vehicles and drivers (vehicle_scope.ts).
  const vehicleRule = choosableSql('devices', scope, userId)
  const driverRule = choosableSql('drivers', scope, userId)
  const [vehicles, drivers] = await Promise.all([
    db
      .from('devices')
      .where('company_id', companyId)
      .if(vehicleRule, (query) => query.whereRaw(vehicleRule!.sql, vehicleRule!.bindings))
      .select('id', 'name', 'plate', 'brand')
      .orderBy('name'),
    db
      .from('drivers')
      .where('company_id', companyId)
      .if(driverRule, (query) => query.whereRaw(driverRule!.sql, driverRule!.bindings))
      .whereNot('status', 'passive')
      .select('id', 'name')
      .orderBy('name'),
  ])
  return {
    vehicles: vehicles.map((row) => ({
      id: Number(row.id),
      name: row.name as string,
      plate: (row.plate as string | null) ?? null,
      brand: (row.brand as string | null) ?? null,
    })),
    drivers: drivers.map((row) => ({ id: Number(row.id), name: row.name as string })),
  }
}

/**
 * The fleet pages that are not one table: the phone form of a vehicle check, the check
 * scores over time, HR and inventory reports and the fleet statistics. Each reads through
 * the current company only.
 */
export default class FleetFlowPagesController {
  async vehicleCheckForm(ctx: HttpContext) {
    const { inertia, company, auth } = ctx
    if (!company) return inertia.render('crud/sign_in_required', {})
    const timeZone = auth.user!.timezone ?? DEFAULT_TIME_ZONE
    return inertia.render('fleet/vehicle_check_form', {
      ...(await choices(company!.id, await vehicleScopeOf(ctx), auth.user!.id)),
      items: [...vehicleCheckItems],
      types: [...vehicleCheckTypes],
      today: DateTime.now().setZone(timeZone).toISODate()!,
    })
  }

  async inventoryReports({ inertia, company }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    return inertia.render('fleet/inventory_reports', await inventoryReport(company!.id))
  }

  async stats({ inertia, company, auth }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    return inertia.render(
      'fleet/stats',
      await fleetStats(company!.id, auth.user!.timezone ?? DEFAULT_TIME_ZONE)
    )
  }
}
