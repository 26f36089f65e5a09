import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { geofenceValidator } from '#validators/alerts/alerts_validators'
import { AlertsMessagesProvider } from '#services/notifications/alerts_messages'
import { companyGeofences, companyVehiclesAndGroups } from '#queries/alerts/geofences'
import { geofenceForMap, geofenceForPage } from '#transformers/alerts/geofence_transformer'
import { mapSettingsOf } from '#services/live/user_preferences'
import { GEOFENCE_CHANGES_CHANNEL } from '#tracking/channels'
import { pathFor } from '#shared/route_table'

/** The listeners reload the company's zones on their next frame. */
async function announce(companyId: number) {
  await db.rawQuery('SELECT pg_notify(?, ?)', [GEOFENCE_CHANGES_CHANNEL, String(companyId)])
}

/**
 * Geofences (settings): circles and polygons drawn on the map, assigned to every vehicle,
 * chosen vehicles or groups. Every member sees them; admins and owners change them.
 */
export default class GeofencesController {
  async index(ctx: HttpContext) {
    const companyId = ctx.company!.id
    const [zones, choices] = await Promise.all([
      companyGeofences(companyId),
      companyVehiclesAndGroups(companyId),
    ])
    return ctx.inertia.render('alerts/geofences', {
      zones: zones.map(geofenceForPage),
      ...choices,
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
    await db
      .table('geofences')
      .insert({ ...this.columns(payload), company_id: companyId, created_at: new Date() })
    await announce(companyId)
    ctx.session.flash('success', ctx.i18n.t('alerts.geofences.created'))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const zone = await this.find(companyId, ctx.params.id)
    const payload = await ctx.request.validateUsing(geofenceValidator, {
      meta: { companyId, id: zone.id },
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
    await db
      .from('geofences')
      .where({ id: zone.id, company_id: companyId })
      .update({ ...this.columns(payload), updated_at: new Date() })
    await announce(companyId)
    ctx.session.flash('success', ctx.i18n.t('alerts.geofences.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const zone = await this.find(companyId, ctx.params.id)
    await db.from('geofences').where({ id: zone.id, company_id: companyId }).delete()
    await announce(companyId)
    ctx.session.flash('success', ctx.i18n.t('alerts.geofences.deleted'))
    return ctx.response.redirect().back()
  }

  /** Another company's geofence is no geofence: 404. */
  private async find(companyId: number, id: string) {
    const zone = await db
      .from('geofences')
      .where({ id: Number(id), company_id: companyId })
      .firstOrFail()
    return zone as { id: number }
  }

  private columns(payload: Awaited<ReturnType<typeof geofenceValidator.validate>>) {
    return {
      name: payload.name,
      color: payload.color.toLowerCase(),
      description: payload.description ?? null,
      shape: JSON.stringify(payload.shape),
      assign_to: payload.assign_to,
      device_ids: payload.assign_to === 'devices' ? [...new Set(payload.device_ids ?? [])] : [],
      group_ids: payload.assign_to === 'groups' ? [...new Set(payload.group_ids ?? [])] : [],
      active: payload.active ?? true,
    }
  }
}
