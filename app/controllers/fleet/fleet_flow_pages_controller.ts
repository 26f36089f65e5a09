import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { vehicleCheckItems, vehicleCheckTypes } from '#shared/vehicle_check'
import { fleetStats } from '#queries/fleet/fleet_stats'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import { vehicleAndDriverChoices } from '#queries/fleet/choices'
import { fleetStatsForPage } from '#transformers/fleet/fleet_stats_transformer'
import { vehicleCheckFormForPage } from '#transformers/fleet/vehicle_check_form_transformer'

/**
 * The fleet pages that are not one table: the phone form of a vehicle check, the check
 * scores over time and the fleet statistics. Each reads through
 * the current company only.
 */
export default class FleetFlowPagesController {
  async vehicleCheckForm(ctx: HttpContext) {
    const { inertia, company, auth } = ctx
    if (!company) return inertia.render('crud/sign_in_required', {})
    const timeZone = auth.user!.timezone ?? DEFAULT_TIME_ZONE
    return inertia.render(
      'fleet/vehicle_check_form',
      vehicleCheckFormForPage({
        ...(await vehicleAndDriverChoices(company!.id, await vehicleScopeOf(ctx), auth.user!.id)),
        items: vehicleCheckItems,
        types: vehicleCheckTypes,
        today: DateTime.now().setZone(timeZone).toISODate()!,
      })
    )
  }

  async stats({ inertia, company, auth }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    return inertia.render(
      'fleet/stats',
      fleetStatsForPage(await fleetStats(company!.id, auth.user!.timezone ?? DEFAULT_TIME_ZONE))
    )
  }
}
