import type { HttpContext } from '@adonisjs/core/http'
import { requestDeviceGroups } from '#abilities/request_vehicle_scope'
import { geofenceValidator } from '#validators/alerts/alerts_validators'
import { AlertsMessagesProvider } from '#services/notifications/alerts_messages'
import {
  companyGeofences,
  companyVehiclesAndGroups,
  findCompanyGeofence,
} from '#queries/alerts/geofences'
import { createGeofence, deleteGeofence, updateGeofence } from '#actions/alerts/save_geofence'
import { geofenceForMap, geofenceForPage } from '#transformers/alerts/geofence_transformer'
import { mapSettingsOf } from '#services/live/user_preferences'
import { pathFor } from '#shared/route_table'
import { vehicleForChoice } from '#transformers/fleet/vehicle_choice_transformer'
import { deviceGroupForChoice } from '#transformers/fleet/device_group_transformer'

/**
 * Geofences (settings): circles and polygons drawn on the map, assigned to every vehicle,
 * chosen vehicles or groups. Every member sees them; admins and owners change them.
 */
export default class GeofencesController {
  async index(ctx: HttpContext) {
    const companyId = ctx.company!.id
    const [zones, { devices, groups }] = await Promise.all([
      companyGeofences(companyId),
      companyVehiclesAndGroups(companyId, await requestDeviceGroups(ctx)),
    ])
    return ctx.inertia.render('alerts/geofences', {
      zones: zones.map(geofenceForPage),
      devices: devices.map(vehicleForChoice),
      groups: groups.map(deviceGroupForChoice),
      map: mapSettingsOf(ctx.auth.user),
      canEdit: await ctx.bouncer.allows('administerCompany'),
      basePath: pathFor('settings.geofences', ctx.locale),
    })
  }

  /** The zones as map layers (live map, history). */
  async data({ company, response }: HttpContext) {
    const zones = await companyGeofences(company!.id)
    return response.json({ zones: zones.filter((zone) => zone.active).map(geofenceForMap) })
  }

  async store(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const payload = await ctx.request.validateUsing(geofenceValidator, {
      meta: { companyId, id: null },
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
    await createGeofence(companyId, payload)
    ctx.session.flash('success', ctx.i18n.t('alerts.geofences.created'))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const zone = await findCompanyGeofence(companyId, ctx.params.id)
    const payload = await ctx.request.validateUsing(geofenceValidator, {
      meta: { companyId, id: zone.id },
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
    await updateGeofence(companyId, zone.id, payload)
    ctx.session.flash('success', ctx.i18n.t('alerts.geofences.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const zone = await findCompanyGeofence(companyId, ctx.params.id)
    await deleteGeofence(companyId, zone.id)
    ctx.session.flash('success', ctx.i18n.t('alerts.geofences.deleted'))
    return ctx.response.redirect().back()
  }
}
