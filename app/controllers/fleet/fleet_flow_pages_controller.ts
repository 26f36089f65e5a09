import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { isRecordId } from '#shared/record_id'
import { vehicleCheckItems, vehicleCheckTypes } from '#shared/vehicle_check'
import {
  fleetStats,
  hrReport,
  inventoryReport,
  readPeriod,
  vehicleCheckReport,
} from '#queries/fleet/fleet_flow_reports'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import { assertVehicleVisible, vehicleScopeOf } from '#abilities/request_vehicle_scope'
import { vehicleAndDriverChoices } from '#queries/fleet/choices'

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
      ...(await vehicleAndDriverChoices(company!.id, await vehicleScopeOf(ctx), auth.user!.id)),
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
    const { vehicles } = await vehicleAndDriverChoices(company!.id, scope, auth.user!.id)
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

  async hrReports({ inertia, company, auth, request }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    const timeZone = auth.user!.timezone ?? DEFAULT_TIME_ZONE
    const period = readPeriod(request.qs(), timeZone, 30)
    return inertia.render('fleet/hr_reports', {
      period,
      ...(await hrReport(company!.id, period, timeZone)),
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
