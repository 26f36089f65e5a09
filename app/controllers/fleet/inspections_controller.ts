import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { checklistOf, fileInspection, knownOdometer } from '#actions/fleet/file_inspection'
import { plausibleOdometer } from '#shared/inspections'
import { isRecordId } from '#shared/record_id'
import { choosableSql } from '#abilities/vehicle_scope'
import { assertVehicleVisible, vehicleScopeOf } from '#abilities/request_vehicle_scope'

/**
 * The inspection form on a phone (issue 30): pick the vehicle, read its checklist (its
 * category's items and the items of every vehicle) and the odometer range it may show, then
 * file it; each failed item opens an issue.
 */
export default class InspectionsController {
  async form(ctx: HttpContext) {
    const { inertia, company, request, auth } = ctx
    if (!company) return inertia.render('crud/sign_in_required', {})
    // A member limited to vehicle groups files for their vehicles and drivers only.
    const scope = await vehicleScopeOf(ctx)
    const vehicleRule = choosableSql('devices', scope, auth.user!.id)
    const driverRule = choosableSql('drivers', scope, auth.user!.id)
    const [vehicles, drivers] = await Promise.all([
      db
        .from('devices')
        .where('company_id', company.id)
        .if(vehicleRule, (query) => query.whereRaw(vehicleRule!.sql, vehicleRule!.bindings))
        .orderBy('name')
        .select('id', 'name', 'plate'),
      db
        .from('drivers')
        .where('company_id', company.id)
        .if(driverRule, (query) => query.whereRaw(driverRule!.sql, driverRule!.bindings))
        .whereNot('status', 'passive')
        .orderBy('name')
        .select('id', 'name'),
    ])
    const chosen = request.input('device')
    // A vehicle outside the member's groups: 404, like another company's.
    if (isRecordId(chosen)) await assertVehicleVisible(scope, Number(chosen))
    const vehicle = isRecordId(chosen)
      ? vehicles.find((row) => Number(row.id) === Number(chosen))
      : undefined
    const deviceId = vehicle ? Number(vehicle.id) : null
    const checklist = deviceId ? await checklistOf(company.id, deviceId) : []
    return inertia.render('fleet/inspection_form', {
      vehicles: vehicles.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        plate: (row.plate as string | null) ?? null,
      })),
      drivers: drivers.map((row) => ({ id: Number(row.id), name: String(row.name) })),
      deviceId,
      checklist: checklist.map(({ id, name }) => ({ id, name })),
      odometer: deviceId ? plausibleOdometer(await knownOdometer(company.id, deviceId)) : null,
    })
  }

  async store(ctx: HttpContext) {
    // A vehicle or driver outside the member's groups: 404, like another company's.
    const scope = await vehicleScopeOf(ctx)
    const chosen = ctx.request.input('device_id')
    if (isRecordId(chosen)) await assertVehicleVisible(scope, Number(chosen))
    const driver = ctx.request.input('driver_id')
    const driverRule = choosableSql('drivers', scope, ctx.auth.user!.id)
    if (isRecordId(driver) && driverRule) {
      await db
        .from('drivers')
        .where('company_id', scope.companyId)
        .where('id', Number(driver))
        .whereRaw(driverRule.sql, driverRule.bindings)
        .firstOrFail()
    }
    const filed = await fileInspection(ctx)
    ctx.session.flash(
      'success',
      ctx.i18n.t(
        filed.failed > 0 ? 'fleet_ops.inspections.filed_failed' : 'fleet_ops.inspections.filed',
        {
          count: filed.failed,
        }
      )
    )
    return ctx.response.redirect().back()
  }
}
