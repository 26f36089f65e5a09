import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DateTime } from 'luxon'
import type Device from '#models/device'
import type Driver from '#models/driver'
import type DeviceState from '#models/device_state'
import type { PositionAttributes } from '#tracking/position'
import { liveStatusOf } from '#transformers/live/map_vehicle_transformer'

const iso = (value: DateTime | null | undefined) => value?.toISO() ?? null
const isoDate = (value: DateTime | null | undefined) => value?.toISODate() ?? null
const numberOrNull = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : Number(value)

/** A vehicle and its latest state (none before its first fix), as the vehicle page reads it. */
export type VehicleOfPage = { device: Device; state: DeviceState | null }

/** The names of the vehicle's region, department and category (vehicleReferenceNames). */
export type VehicleReferenceNames = {
  region: string | null
  department: string | null
  category: string | null
}

/** The driver card; the personal fields only for who may read them (viewPersonalData). */
export type VehicleDriverCard = {
  id: number
  name: string
  cardId: string | null
  status: string
  phone?: string | null
  licenceNumber?: string | null
  bloodType?: string | null
  emergencyContactName?: string | null
  emergencyContactPhone?: string | null
}

function attributesOf(state: DeviceState | null): PositionAttributes {
  return (state?.attributes ?? {}) as PositionAttributes
}

/** Whether the engine-cut relay is on: the device says so, or its output 1 drives it. */
function engineBlocked(attributes: PositionAttributes): boolean | null {
  if (typeof attributes.blocked === 'boolean') return attributes.blocked
  const output = attributes.outputs?.[1]
  return typeof output === 'boolean' ? output : null
}

/**
 * The vehicle page's cards of a vehicle and its latest state: the general information
 * (`toObject`) and the other cards as variants; the page's types are generated from this
 * class (`Data.Live.VehicleDetail`, `...Variants['forTechnical']`, ...). A card that may be
 * missing (driver, subscription) is null in the one-line wrappers below.
 */
export default class VehicleDetailTransformer extends BaseTransformer<VehicleOfPage> {
  toObject(names: VehicleReferenceNames = { region: null, department: null, category: null }) {
    const { device } = this.resource
    return {
      id: device.id,
      name: device.name,
      plate: device.plate,
      type: device.type,
      subtype: device.subtype,
      brand: device.brand,
      model: device.model,
      year: device.year,
      category: names.category,
      fuelType: device.fuelType,
      engineCapacity: device.engineCapacity,
      tankCapacity: numberOrNull(device.tankCapacity),
      group: device.group?.name ?? null,
      region: names.region,
      department: names.department,
      ownership: device.ownership,
      status: device.status,
      inspectionDate: isoDate(device.inspectionDate),
      exhaustDate: isoDate(device.exhaustDate),
      installationDate: isoDate(device.installationDate),
      speedLimit: device.speedLimit,
      notes: device.notes,
    }
  }

  /** The driver card; `onLeave` when an approved leave covers today (spec §4). */
  forDriver(driver: Driver, onLeave: boolean, withPersonalData: boolean): VehicleDriverCard {
    const card = {
      id: driver.id,
      name: driver.name,
      cardId: driver.cardId,
      status: onLeave ? 'on_leave' : driver.status,
    }
    if (!withPersonalData) return card
    return {
      ...card,
      phone: driver.phone,
      licenceNumber: driver.licenceNumber,
      bloodType: driver.bloodType,
      emergencyContactName: driver.emergencyContactName,
      emergencyContactPhone: driver.emergencyContactPhone,
    }
  }

  forTechnical() {
    const { device, state } = this.resource
    const attributes = attributesOf(state)
    return {
      imei: device.imei,
      protocol: device.protocol,
      protocolVersion: device.protocolVersion,
      firmwareVersion: device.firmwareVersion,
      simNumber: device.simNumber,
      ipAddress: state?.ipAddress ?? null,
      gsmSignal: state?.gsmSignal ?? null,
      satellites: state ? state.satellites : null,
      power: state?.power ?? null,
      battery: state?.battery ?? null,
      batteryLevel: state?.batteryLevel ?? null,
      odometer: state ? Math.round(state.odometer) : null,
      online: state?.online ?? false,
      lastSeen: iso(state?.lastSeenAt),
      engineBlocked: engineBlocked(attributes),
    }
  }

  /** What the live-traffic card shows and the page keeps up to date from the live channel. */
  forLive() {
    const { state } = this.resource
    return {
      lat: state?.latitude ?? null,
      lon: state?.longitude ?? null,
      speed: Math.round(state?.speed ?? 0),
      course: Math.round(state?.course ?? 0),
      altitude: state ? Math.round(state.altitude) : null,
      status: liveStatusOf({
        has_state: state !== null,
        online: state?.online ?? null,
        live_status: state?.liveStatus ?? null,
      }),
      ignition: state?.ignition ?? null,
      fixTime: iso(state?.fixTime),
      lastSeen: iso(state?.lastSeenAt),
      odometer: state ? Math.round(state.odometer) : null,
    }
  }

  /** The licence card of a vehicle whose licence ends on `endDate`. */
  forSubscription(endDate: DateTime, today: DateTime) {
    const { device } = this.resource
    const end = endDate.setZone(today.zone, { keepLocalTime: true })
    return {
      endDate: isoDate(endDate)!,
      installationDate: isoDate(device.installationDate),
      daysRemaining: Math.round(end.startOf('day').diff(today.startOf('day'), 'days').days),
    }
  }

  forSensors() {
    const { state } = this.resource
    const attributes = attributesOf(state)
    const temperatures = Object.entries(attributes.temperatures ?? {})
      .filter(([, value]) => typeof value === 'number')
      .map(([sensor, value]) => ({ sensor, value }))
    return {
      temperatures,
      power: state?.power ?? null,
      battery: state?.battery ?? null,
      batteryLevel: state?.batteryLevel ?? null,
      rssi: typeof attributes.rssi === 'number' ? attributes.rssi : null,
      fuel: typeof attributes.fuel === 'number' ? attributes.fuel : null,
      fuelLevel: typeof attributes.fuelLevel === 'number' ? attributes.fuelLevel : null,
      driverCard: typeof attributes.driverUniqueId === 'string' ? attributes.driverUniqueId : null,
      updatedAt: iso(state?.fixTime),
    }
  }

  /** Digital inputs 1..6 and outputs 1..2 as last reported, analog inputs in volts. */
  forInputsOutputs() {
    const attributes = attributesOf(this.resource.state)
    const listOf = (values: Record<number, boolean> | undefined) =>
      Object.entries(values ?? {})
        .map(([number, active]) => ({ number: Number(number), active: Boolean(active) }))
        .sort((a, b) => a.number - b.number)
    const analog = (['adc1', 'adc2'] as const)
      .filter((key) => typeof attributes[key] === 'number')
      .map((key) => ({ name: key, value: attributes[key] as number }))
    return { inputs: listOf(attributes.inputs), outputs: listOf(attributes.outputs), analog }
  }

  /** The fuel card: the tank and consumption, and this month's driving with its estimate. */
  forFuel(month: { distance: number; drivingSeconds: number; idleSeconds: number }) {
    const { device, state } = this.resource
    const attributes = attributesOf(state)
    const averageConsumption = numberOrNull(device.averageConsumption)
    const idleConsumption = numberOrNull(device.idleConsumption)
    const estimate =
      averageConsumption === null && idleConsumption === null
        ? null
        : (month.distance / 1000) * ((averageConsumption ?? 0) / 100) +
          (month.idleSeconds / 3600) * (idleConsumption ?? 0)
    return {
      fuelType: device.fuelType,
      tankCapacity: numberOrNull(device.tankCapacity),
      averageConsumption,
      idleConsumption,
      level: typeof attributes.fuel === 'number' ? attributes.fuel : null,
      levelPercent: typeof attributes.fuelLevel === 'number' ? attributes.fuelLevel : null,
      usedTotal: typeof attributes.fuelUsed === 'number' ? attributes.fuelUsed : null,
      monthDistance: Math.round(month.distance),
      monthDrivingSeconds: Math.round(month.drivingSeconds),
      monthIdleSeconds: Math.round(month.idleSeconds),
      monthEstimate: estimate === null ? null : Math.round(estimate * 10) / 10,
    }
  }
}

export function vehicleGeneralInfo(device: Device, names: VehicleReferenceNames) {
  return new VehicleDetailTransformer({ device, state: null }).toObject(names)
}

/**
 * The vehicle's driver card, null without a driver; `onLeave` when an approved leave covers
 * today (spec §4). The personal fields are sent only with `withPersonalData`.
 */
export function vehicleDriver(device: Device, onLeave = false, withPersonalData = false) {
  const driver = device.driver
  if (!driver) return null
  return new VehicleDetailTransformer({ device, state: null }).forDriver(
    driver,
    onLeave,
    withPersonalData
  )
}

export function vehicleTechnical(device: Device, state: DeviceState | null) {
  return new VehicleDetailTransformer({ device, state }).forTechnical()
}

export function vehicleLive(device: Device, state: DeviceState | null) {
  return new VehicleDetailTransformer({ device, state }).forLive()
}

export function vehicleSubscription(device: Device, today: DateTime) {
  if (!device.licenceEndDate) return null
  return new VehicleDetailTransformer({ device, state: null }).forSubscription(
    device.licenceEndDate,
    today
  )
}

export function vehicleSensors(device: Device, state: DeviceState | null) {
  return new VehicleDetailTransformer({ device, state }).forSensors()
}

export function vehicleInputsOutputs(device: Device, state: DeviceState | null) {
  return new VehicleDetailTransformer({ device, state }).forInputsOutputs()
}

export function vehicleFuel(
  device: Device,
  state: DeviceState | null,
  month: { distance: number; drivingSeconds: number; idleSeconds: number }
) {
  return new VehicleDetailTransformer({ device, state }).forFuel(month)
}
