import db from '@adonisjs/lucid/services/db'

/** How many vehicles and team members the company has. */
export async function companySizes(companyId: number) {
  const [vehicles, team] = await Promise.all([
    db.from('devices').where('company_id', companyId).count('* as total').first(),
    db.from('team_members').where('company_id', companyId).count('* as total').first(),
  ])
  return { vehicleCount: Number(vehicles?.total ?? 0), teamSize: Number(team?.total ?? 0) }
}

/** The company's orders awaiting payment: how many, and their total in cents. */
export async function unpaidOrders(companyId: number) {
  const row = await db
    .from('orders')
    .where('company_id', companyId)
    .where('status', 'awaiting_payment')
    .select(db.raw('count(*) as count'), db.raw('coalesce(sum(total_cents), 0) as total'))
    .first()
  return { count: Number(row?.count ?? 0), totalCents: Number(row?.total ?? 0) }
}
