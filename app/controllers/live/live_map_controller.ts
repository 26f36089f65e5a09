import type { HttpContext } from '@adonisjs/core/http'
import { companyGroups, mapVehicles } from '#queries/live/map_vehicles'
import { vehicleForMap } from '#transformers/live/map_vehicle_transformer'
import { mapSettingsOf } from '#services/live/user_preferences'

/** The live map: every vehicle with its latest state; updates then arrive over SSE. */
export default class LiveMapController {
  async show({ inertia, company, auth, locale }: HttpContext) {
    const [rows, groups] = company
      ? await Promise.all([mapVehicles(company.id), companyGroups(company.id)])
      : [[], []]
    // Plates in the order people read them: "34 AB 9" before "34 AB 10".
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
    const vehicles = rows
      .sort((a, b) => collator.compare(a.plate ?? a.name, b.plate ?? b.name) || a.id - b.id)
      .map(vehicleForMap)
    return inertia.render('live/index', {
      map: mapSettingsOf(auth.user),
      vehicles,
      groups: groups.map((group) => ({ id: group.id as number, name: group.name as string })),
    })
  }
}
