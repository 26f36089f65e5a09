import type { HttpContext } from '@adonisjs/core/http'
import { fleetOverviewCounts } from '#queries/fleet/fleet_overview'
import { fleetOverviewForPage } from '#transformers/fleet/fleet_overview_transformer'

/** The fleet-new home: the fleet in four numbers, with the way to each list. */
export default class FleetOverviewController {
  async show({ inertia, company }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    const counts = await fleetOverviewCounts(company.id)
    return inertia.render('fleet/overview', fleetOverviewForPage(counts))
  }
}
