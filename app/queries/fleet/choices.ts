import db from '@adonisjs/lucid/services/db'
import { choosableSql, type VehicleScope } from '#abilities/vehicle_scope'

/**
 * The company's vehicles and active (not passive) drivers by name: the choices of a form or a
 * filter. With a scope, a member limited to vehicle groups chooses their vehicles and drivers
 * (vehicle_scope.ts).
 */
export async function vehicleAndDriverChoices(
  companyId: number,
  scope: VehicleScope | null = null,
  userId: number | null = null
) {
  const vehicleRule = scope ? choosableSql('devices', scope, userId) : null
  const driverRule = scope ? choosableSql('drivers', scope, userId) : null
  const [vehicles, drivers] = await Promise.all([
    db
      .from('devices')
      .where('company_id', companyId)
      .if(vehicleRule, (query) => query.whereRaw(vehicleRule!.sql, vehicleRule!.bindings))
      .select('id', 'name', 'plate', 'brand')
      .orderBy('name'),
    db
      .from('drivers')
      .where('company_id', companyId)
      .if(driverRule, (query) => query.whereRaw(driverRule!.sql, driverRule!.bindings))
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

/** A driver the member may choose (their groups' drivers when limited), else 404. */
export async function assertDriverChoosable(
  scope: VehicleScope,
  driverId: number,
  userId: number | null
) {
  const driverRule = choosableSql('drivers', scope, userId)
  if (!driverRule) return
  await db
    .from('drivers')
    .where('company_id', scope.companyId)
    .where('id', driverId)
    .whereRaw(driverRule.sql, driverRule.bindings)
    .firstOrFail()
}
