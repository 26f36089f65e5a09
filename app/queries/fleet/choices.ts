import db from '@adonisjs/lucid/services/db'

/** The company's vehicles and active (not passive) drivers by name: the choices of a form or a filter. */
export async function vehicleAndDriverChoices(companyId: number) {
  const [vehicles, drivers] = await Promise.all([
    db
      .from('devices')
      .where('company_id', companyId)
      .select('id', 'name', 'plate', 'brand')
      .orderBy('name'),
    db
      .from('drivers')
      .where('company_id', companyId)
      .whereNot('status', 'passive')
      .select('id', 'name')
      .orderBy('name'),
  ])
  return {
    vehicles: vehicles.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      plate: (row.plate as string | null) ?? null,
      brand: (row.brand as string | null) ?? null,
    })),
    drivers: drivers.map((row) => ({ id: Number(row.id), name: String(row.name) })),
  }
}
