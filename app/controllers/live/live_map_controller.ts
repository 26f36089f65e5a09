import { gzipSync } from 'node:zlib'
import { deviceGroupForChoice } from '#transformers/fleet/device_group_transformer'
import type { HttpContext } from '@adonisjs/core/http'
import { companyGroups, mapVehiclesByPlate } from '#queries/live/map_vehicles'
import MapVehicleTransformer from '#transformers/live/map_vehicle_transformer'
import { mapSettingsOf } from '#services/live/user_preferences'
import { actionPath } from '#shared/action_routes'
import { deviceGroupsOf } from '#abilities/vehicle_scope'
import { memberOf } from '#abilities/member'

/** Below this, gzip's header and a round of compression buy nothing. */
const MIN_GZIP_BYTES = 1024

/**
 * The live map. The page carries no vehicles: a company may have thousands, and Inertia
 * would clone them and write them into the browser's history. The browser fetches them from
 * `fleet` while the page's scripts load (the layout preloads `fleetUrl`); updates then
 * arrive over SSE.
 */
export default class LiveMapController {
  async show(ctx: HttpContext) {
    const { inertia, company, auth, locale } = ctx
    const visible = company ? deviceGroupsOf(await memberOf(ctx)) : null
    const groups = (company ? await companyGroups(company.id) : []).filter(
      (group) => visible === null || visible.includes(group.id as number)
    )
    return inertia.render('live/index', {
      map: mapSettingsOf(auth.user),
      fleetUrl: actionPath('live.fleet', locale),
      groups: groups.map((group) =>
        deviceGroupForChoice({ id: group.id as number, name: group.name as string })
      ),
    })
  }

  /**
   * Every vehicle of the company the member sees (their vehicle groups) with its latest
   * state, as rows of arrays, gzipped.
   */
  async fleet(ctx: HttpContext) {
    const { company, locale, request, response } = ctx
    const rows = company
      ? await mapVehiclesByPlate(company.id, locale, deviceGroupsOf(await memberOf(ctx)))
      : []
    const body = JSON.stringify(new MapVehicleTransformer(rows).toObject())
    response.header('content-type', 'application/json; charset=utf-8')
    response.header('cache-control', 'private, no-store')
    response.append('vary', 'Accept-Encoding')
    if (body.length < MIN_GZIP_BYTES || !/\bgzip\b/.test(request.header('accept-encoding') ?? '')) {
      return response.send(body)
    }
    response.header('content-encoding', 'gzip')
    return response.send(gzipSync(body))
  }
}
