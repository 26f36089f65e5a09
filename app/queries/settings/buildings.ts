import Building from '#models/building'

/** The company's buildings by name. */
export function companyBuildings(companyId: number) {
  return Building.query().where('company_id', companyId).orderBy('name')
}

/** One of the company's buildings; another company's is a 404. */
export function findCompanyBuilding(companyId: number, id: unknown) {
  return Building.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .firstOrFail()
}

/** Whether another building of the company has the name (case-insensitive). */
export async function buildingNameTaken(companyId: number, name: string, exceptId: number | null) {
  const query = Building.query()
    .where('company_id', companyId)
    .whereRaw('lower(name) = lower(?)', [name])
  if (exceptId) query.whereNot('id', exceptId)
  return Boolean(await query.first())
}
