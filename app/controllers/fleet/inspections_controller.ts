import type { HttpContext } from '@adonisjs/core/http'
import { assertDriverChoosable, vehicleAndDriverChoices } from '#queries/fleet/choices'
import { checklistOf, fileInspection, knownOdometer } from '#actions/fleet/file_inspection'
import { plausibleOdometer } from '#shared/inspections'
import { isRecordId } from '#shared/record_id'
import { assertVehicleVisible, vehicleScopeOf } from '#abilities/request_vehicle_scope'
import { inspectionFormForPage } from '#transformers/fleet/inspection_form_transformer'

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
    const { vehicles, drivers } = await vehicleAndDriverChoices(company.id, scope, auth.user!.id)
    const chosen = request.input('device')
    // A vehicle outside the member's groups: 404, like another company's.
    if (isRecordId(chosen)) await assertVehicleVisible(scope, Number(chosen))
    const vehicle = isRecordId(chosen)
      ? vehicles.find((row) => row.id === Number(chosen))
      : undefined
    const deviceId = vehicle ? vehicle.id : null
    const checklist = deviceId ? await checklistOf(company.id, deviceId) : []
    return inertia.render(
      'fleet/inspection_form',
      inspectionFormForPage({
        vehicles,
        drivers,
        deviceId,
        checklist,
        odometer: deviceId ? plausibleOdometer(await knownOdometer(company.id, deviceId)) : null,
      })
    )
  }

  async store(ctx: HttpContext) {
    // A vehicle or driver outside the member's groups: 404, like another company's.
    const scope = await vehicleScopeOf(ctx)
    const chosen = ctx.request.input('device_id')
    if (isRecordId(chosen)) await assertVehicleVisible(scope, Number(chosen))
    const driver = ctx.request.input('driver_id')
    if (isRecordId(driver)) await assertDriverChoosable(scope, Number(driver), ctx.auth.user!.id)
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
