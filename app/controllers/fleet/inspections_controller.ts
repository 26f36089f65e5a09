import type { HttpContext } from '@adonisjs/core/http'
import { vehicleAndDriverChoices } from '#queries/fleet/choices'
import { checklistOf, fileInspection, knownOdometer } from '#actions/fleet/file_inspection'
import { plausibleOdometer } from '#shared/inspections'
import { isRecordId } from '#shared/record_id'

/**
 * The inspection form on a phone (issue 30): pick the vehicle, read its checklist (its
 * category's items and the items of every vehicle) and the odometer range it may show, then
 * file it; each failed item opens an issue.
 */
export default class InspectionsController {
  async form({ inertia, company, request }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    const { vehicles, drivers } = await vehicleAndDriverChoices(company.id)
    const chosen = request.input('device')
    const vehicle = isRecordId(chosen)
      ? vehicles.find((row) => row.id === Number(chosen))
      : undefined
    const deviceId = vehicle ? vehicle.id : null
    const checklist = deviceId ? await checklistOf(company.id, deviceId) : []
    return inertia.render('fleet/inspection_form', {
      vehicles: vehicles.map(({ id, name, plate }) => ({ id, name, plate })),
      drivers,
      deviceId,
      checklist: checklist.map(({ id, name }) => ({ id, name })),
      odometer: deviceId ? plausibleOdometer(await knownOdometer(company.id, deviceId)) : null,
    })
  }

  async store(ctx: HttpContext) {
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
