import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
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
    const [vehicles, drivers] = await Promise.all([
      db
        .from('devices')
        .where('company_id', company.id)
        .orderBy('name')
        .select('id', 'name', 'plate'),
      db
        .from('drivers')
        .where('company_id', company.id)
        .whereNot('status', 'passive')
        .orderBy('name')
        .select('id', 'name'),
    ])
    const chosen = request.input('device')
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
