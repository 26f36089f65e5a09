import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'

/** The fleet-new home: the fleet in four numbers, with the way to each list. */
export default class FleetOverviewController {
  async show({ inertia, company }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    const [vehicles, drivers] = await Promise.all([
      db
        .from('devices')
        .leftJoin('device_states as s', 's.device_id', 'devices.id')
        .where('devices.company_id', company.id)
        .select(db.raw('count(*)::int as total'))
        .select(
          db.raw("count(*) filter (where s.live_status = 'moving' and s.online)::int as moving")
        )
        .first(),
      db
        .from('drivers')
        .where('company_id', company.id)
        .select(db.raw('count(*)::int as total'))
        .select(db.raw("count(*) filter (where status = 'active')::int as active"))
        .first(),
    ])
    return inertia.render('fleet/overview', {
      vehicles: { total: vehicles?.total ?? 0, moving: vehicles?.moving ?? 0 },
      drivers: { total: drivers?.total ?? 0, active: drivers?.active ?? 0 },
    })
  }
}
