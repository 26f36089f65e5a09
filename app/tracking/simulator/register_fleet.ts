import Company from '#models/company'
import { DeviceRegistrationError, registerDevice } from '#actions/tracking/register_device'
import { plateFor } from './fleet_identity.js'
import type { FleetVehicle } from './simulated_fleet.js'

export interface FleetRegistration {
  created: number
  existing: number
  /** Vehicles that could not be registered (their IMEI belongs to another company). */
  refused: { vehicle: FleetVehicle; reason: string }[]
}

/**
 * Registers simulated vehicles to a company (which must exist), named by their plates
 * (which are also their plates, so a plate search finds them).
 * Idempotent: vehicles already registered to the company are left as they are. With
 * `skipRefused` an IMEI owned by another company is reported instead of failing the lot.
 */
export async function registerFleet(
  companyName: string,
  vehicles: readonly FleetVehicle[],
  options: { concurrency?: number; skipRefused?: boolean } = {}
): Promise<FleetRegistration> {
  if (!(await Company.findBy('name', companyName))) {
    throw new DeviceRegistrationError(`no company named "${companyName}"`)
  }
  const result: FleetRegistration = { created: 0, existing: 0, refused: [] }
  let next = 0
  const worker = async () => {
    while (next < vehicles.length) {
      const vehicle = vehicles[next++]
      try {
        const registered = await registerDevice({
          company: companyName,
          imei: vehicle.imei,
          name: plateFor(vehicle.index),
          plate: plateFor(vehicle.index),
          protocol: vehicle.protocol,
        })
        if (registered.created) result.created++
        else result.existing++
      } catch (error) {
        if (!(options.skipRefused && error instanceof DeviceRegistrationError)) throw error
        result.refused.push({ vehicle, reason: error.message })
      }
    }
  }
  const workers = Math.max(1, Math.min(options.concurrency ?? 8, vehicles.length))
  await Promise.all(Array.from({ length: workers }, worker))
  return result
}
