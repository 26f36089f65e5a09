import type { HttpContext } from '@adonisjs/core/http'
import Building from '#models/building'
import { mapSettingsOf } from '#services/live/user_preferences'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { buildingValidator } from '#validators/settings/settings_validators'
import { fieldError } from '#services/settings/field_error'
import { buildingsForMap } from '#transformers/settings/building_transformer'

/** The company's buildings (spec §3): a name and the point picked on the map. */
export default class BuildingsController {
  async index({ inertia, company, auth }: HttpContext) {
    const buildings = await Building.query().where('company_id', company!.id).orderBy('name')
    return inertia.render('settings/buildings', {
      buildings: buildingsForMap(buildings),
      map: mapSettingsOf(auth.user),
    })
  }

  /** The buildings as a map layer (the live map): every member reads them. */
  async data({ company, response }: HttpContext) {
    if (!company) return response.json({ buildings: [] })
    const buildings = await Building.query().where('company_id', company!.id).orderBy('name')
    return response.json({ buildings: buildingsForMap(buildings) })
  }

  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const payload = await request.validateUsing(buildingValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'buildings'),
    })
    if (await this.nameTaken(company!.id, payload.name, null)) {
      return fieldError(ctx, 'name', i18n.t('settings.buildings.name_taken'))
    }
    await Building.create({ ...payload, companyId: company!.id })
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const { request, company, params, session, response, i18n } = ctx
    const building = await Building.query()
      .where('company_id', company!.id)
      .where('id', params.id)
      .firstOrFail()
    const payload = await request.validateUsing(buildingValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'buildings'),
    })
    if (await this.nameTaken(company!.id, payload.name, building.id)) {
      return fieldError(ctx, 'name', i18n.t('settings.buildings.name_taken'))
    }
    building.merge(payload)
    await building.save()
    session.flash('success', i18n.t('messages.record.updated'))
    return response.redirect().back()
  }

  async destroy({ company, params, session, response, i18n }: HttpContext) {
    const building = await Building.query()
      .where('company_id', company!.id)
      .where('id', params.id)
      .firstOrFail()
    await building.delete()
    session.flash('success', i18n.t('messages.record.deleted'))
    return response.redirect().back()
  }

  private async nameTaken(companyId: number, name: string, exceptId: number | null) {
    const query = Building.query()
      .where('company_id', companyId)
      .whereRaw('lower(name) = lower(?)', [name])
    if (exceptId) query.whereNot('id', exceptId)
    return Boolean(await query.first())
  }
}
