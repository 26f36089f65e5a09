import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Company from '#models/company'
import { DEVICE_CHANGES_CHANNEL } from '#tracking/channels'
import { trackerProtocols } from '#shared/fleet_enums'

const imeiRule = () =>
  vine
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{4,20}$/)

export const registerDeviceValidator = vine.create({
  company: vine.string().trim().minLength(2),
  imei: imeiRule(),
  name: vine.string().trim().minLength(1).maxLength(200),
  protocol: vine.enum(trackerProtocols),
  plate: vine.string().trim().maxLength(20).optional(),
})

export const claimDeviceValidator = vine.create({
  company: vine.string().trim().minLength(2),
  imei: imeiRule(),
  name: vine.string().trim().maxLength(200).optional(),
})

export class DeviceRegistrationError extends Error {}

/** Tells running listeners to forget what they cached about this IMEI. */
export async function notifyDeviceChange(client: QueryClientContract, imei: string) {
  await client.rawQuery('SELECT pg_notify(?, ?)', [DEVICE_CHANGES_CHANNEL, imei])
}

/**
 * Registers a tracker to a company. Registering the same IMEI to the same company
 * again changes nothing (but fills a missing plate); an IMEI that belongs to another
 * company is refused.
 */
export async function registerDevice(input: Record<string, unknown>) {
  const data = await registerDeviceValidator.validate(input)
  const company = await Company.findBy('name', data.company)
  if (!company) throw new DeviceRegistrationError(`no company named "${data.company}"`)
  return db.transaction(async (trx) => {
    const existing = await trx.from('devices').where('imei', data.imei).forUpdate().first()
    if (existing) {
      if (existing.company_id !== company.id) {
        throw new DeviceRegistrationError(`IMEI ${data.imei} belongs to another company`)
      }
      if (data.plate && !existing.plate) {
        await trx.from('devices').where('id', existing.id).update({ plate: data.plate })
      }
      return { id: existing.id as number, created: false, company }
    }
    const [row] = await trx
      .table('devices')
      .insert({
        company_id: company.id,
        name: data.name,
        plate: data.plate ?? null,
        imei: data.imei,
        protocol: data.protocol,
        status: 'active',
        ownership: 'own',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    await trx.from('unregistered_devices').where('imei', data.imei).delete()
    await notifyDeviceChange(trx, data.imei)
    return { id: row.id as number, created: true, company }
  })
}

/** Registers an IMEI the listener has seen and refused, with the protocol it spoke. */
export async function claimDevice(input: Record<string, unknown>) {
  const data = await claimDeviceValidator.validate(input)
  const seen = await db.from('unregistered_devices').where('imei', data.imei).first()
  if (!seen) {
    const registered = await db.from('devices').where('imei', data.imei).first()
    if (registered) {
      const company = await Company.findBy('name', data.company)
      if (company && registered.company_id === company.id) {
        return { id: registered.id as number, created: false, company }
      }
      throw new DeviceRegistrationError(`IMEI ${data.imei} belongs to another company`)
    }
    throw new DeviceRegistrationError(`IMEI ${data.imei} has not been seen by the listener`)
  }
  return registerDevice({
    company: data.company,
    imei: data.imei,
    name: data.name ?? data.imei,
    protocol: seen.protocol,
  })
}
