import db from '@adonisjs/lucid/services/db'

export class AssignmentError extends Error {}

/** Puts the driver in the vehicle (both of the company); the vehicle's previous driver leaves it. */
export async function assignDriver(companyId: number, driverId: number, deviceId: number) {
  await db.transaction(async (trx) => {
    const driver = await trx
      .from('drivers')
      .where('id', driverId)
      .where('company_id', companyId)
      .firstOrFail()
    const device = await trx
      .from('devices')
      .where('id', deviceId)
      .where('company_id', companyId)
      .firstOrFail()
    await trx
      .from('devices')
      .where('id', device.id)
      .update({ driver_id: driver.id, updated_at: new Date() })
  })
}

/** Takes the driver out of the vehicle; nothing changes when they were not in it. */
export async function removeDriver(companyId: number, driverId: number, deviceId: number) {
  const updated = await db
    .from('devices')
    .where('id', deviceId)
    .where('company_id', companyId)
    .where('driver_id', driverId)
    .update({ driver_id: null, updated_at: new Date() })
  if (
    Number(updated) === 0 &&
    !(await db.from('drivers').where('id', driverId).where('company_id', companyId).first())
  ) {
    throw new AssignmentError('not found')
  }
}
