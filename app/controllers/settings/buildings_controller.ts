import type { HttpContext } from '@adonisjs/core/http'
import Building from '#models/building'
import { mapSettingsOf } from '#services/live/user_preferences'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { buildingValidator } from '#validators/settings/settings_validators'
import { fieldError } from '#services/settings/field_error'
import { buildingsForMap } from '#transformers/settings/building_transformer'
import {
  buildingNameTaken,
  companyBuildings,
  findCompanyBuilding,
} from '#queries/settings/buildings'

/** The company's buildings (spec §3): a name and the point picked on the map. */
export default class BuildingsController {
  async index({ inertia, company, auth }: HttpContext) {
    const buildings = await companyBuildings(company!.id)
    return inertia.render('settings/buildings', {
      buildings: buildingsForMap(buildings),
      map: mapSettingsOf(auth.user),
    })
  }

  /** The buildings as a map layer (the live map): every member reads them. */
  async data({ company, response }: HttpContext) {
    if (!company) return response.json({ buildings: [] })
    const buildings = await companyBuildings(company!.id)
    return response.json({ buildings: buildingsForMap(buildings) })
  }

  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const payload = await request.validateUsing(buildingValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'buildings'),
    })
    if (await buildingNameTaken(company!.id, payload.name, null)) {
      return fieldError(ctx, 'name', i18n.t('settings.buildings.name_taken'))
    }
    await Building.create({ ...payload, companyId: company!.id })
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const { request, company, params, session, response, i18n } = ctx
    const building = await findCompanyBuilding(company!.id, params.id)
    const payload = await request.validateUsing(buildingValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'buildings'),
    })
    if (await buildingNameTaken(company!.id, payload.name, building.id)) {
      return fieldError(ctx, 'name', i18n.t('settings.buildings.name_taken'))
    }
    building.merge(payload)
    await building.save()
    session.flash('success', i18n.t('messages.record.updated'))
    return response.redirect().back()
  }

  async destroy({ company, params, session, response, i18n }: HttpContext) {
    const building = await findCompanyBuilding(company!.id, params.id)
    await building.delete()
    session.flash('success', i18n.t('messages.record.deleted'))
    return response.redirect().back()
  }
}
