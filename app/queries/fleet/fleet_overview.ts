import db from '@adonisjs/lucid/services/db'

export type FleetOverviewCounts = {
  vehicles: { total: number; moving: number }
  drivers: { total: number; active: number }
}

/** The fleet in four numbers: vehicles (and those moving now), drivers (and those active). */
export async function fleetOverviewCounts(companyId: number): Promise<FleetOverviewCounts> {
  const [vehicles, drivers] = await Promise.all([
    db
      .from('devices')
      .leftJoin('device_states as s', 's.device_id', 'devices.id')
      .where('devices.company_id', companyId)
      .select(db.raw('count(*)::int as total'))
      .select(
        db.raw("count(*) filter (where s.live_status = 'moving' and s.online)::int as moving")
      )
      .first(),
    db
      .from('drivers')
      .where('company_id', companyId)
      .select(db.raw('count(*)::int as total'))
      .select(db.raw("count(*) filter (where status = 'active')::int as active"))
      .first(),
  ])
  return {
    vehicles: { total: vehicles?.total ?? 0, moving: vehicles?.moving ?? 0 },
    drivers: { total: drivers?.total ?? 0, active: drivers?.active ?? 0 },
  }
}
