import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isRecordId } from '#shared/record_id'
import { vehicleCheckItems, vehicleCheckTypes } from '#shared/vehicle_check'
import {
  fleetStats,
  inventoryReport,
  readPeriod,
  vehicleCheckReport,
} from '#queries/fleet/fleet_flow_reports'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import { choosableSql, type VehicleScope } from '#abilities/vehicle_scope'
import { assertVehicleVisible, vehicleScopeOf } from '#abilities/request_vehicle_scope'

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

  async vehicleCheckReports(ctx: HttpContext) {
    const { inertia, company, auth, request } = ctx
    if (!company) return inertia.render('crud/sign_in_required', {})
    const scope = await vehicleScopeOf(ctx)
    const period = readPeriod(request.qs(), auth.user!.timezone, 90)
    const device = request.input('device')
    const deviceId = isRecordId(device) ? Number(device) : null
    const { vehicles } = await choices(company!.id, scope, auth.user!.id)
    // A vehicle outside the member's groups: 404, like another company's.
    if (deviceId && !vehicles.some((vehicle) => vehicle.id === deviceId)) {
      await assertVehicleVisible(scope, deviceId)
    }
    const chosen = deviceId && vehicles.some((vehicle) => vehicle.id === deviceId) ? deviceId : null
    return inertia.render('fleet/vehicle_check_reports', {
      period,
      deviceId: chosen,
      vehicles,
      items: [...vehicleCheckItems],
      report: await vehicleCheckReport(company!.id, period, chosen, scope.deviceGroupIds),
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
