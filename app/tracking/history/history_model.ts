import { DateTime } from 'luxon'
import type { Position, PositionAttributes } from '../position.js'

/**
 * A model of a fleet's days, for the history generator: what a Teltonika tracker in each
 * vehicle would have sent every `intervalSeconds`. Pure and seeded, so the same arguments give
 * the same history. It knows nothing of trips or events: those come out of the live pipeline
 * the positions go through.
 *
 * A working day: the engine warms up (idling 1–8 minutes), two to six trips between 06:30 and
 * 22:00 with parkings of 15 minutes to 2.5 hours, sometimes idling at a stop; weekends are
 * quieter. Driving alternates town and highway speeds; some drivers push past the limit and
 * brake, accelerate or corner harshly more often than others. The tank empties with distance
 * and idling and is filled at a parking when it runs low (the fill-up goes into the fuel log);
 * now and then fuel disappears at night. Refrigerated vans carry a Dallas temperature sensor,
 * some trucks a CAN fuel counter, every vehicle a driver card reader.
 */
export interface VehicleProfile {
  index: number
  averageConsumption: number
  idleConsumption: number
  tankCapacity: number
  speedLimit: number
  hasLevelSensor: boolean
  hasCanCounter: boolean
  reefer: boolean
  /** Harsh events and speeding: 0.5 (calm) to 3 (aggressive). */
  aggressiveness: number
  driverCard: string
  unitPrice: number
}

export interface FuelLogDraft {
  date: string
  litres: number
  unitPriceCents: number
  totalCents: number
  totalKm: number
  supplier: string
  voucherNo: string
}

export interface VehicleSimulation {
  latitude: number
  longitude: number
  course: number
  speed: number
  /** Litres in the tank (the truth; the sensor adds noise). */
  fuel: number
  fuelUsed: number
  /** Metres driven, for the fuel log's odometer reading. */
  distance: number
  temperature: number
  power: number
  vouchers: number
}

export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const CENTRE = { latitude: 41.02, longitude: 28.98 }
const BOX = { minLat: 40.9, maxLat: 41.2, minLon: 28.6, maxLon: 29.35 }
const SUPPLIERS = ['Opet', 'Shell', 'BP', 'Petrol Ofisi', 'Total']

export function vehicleProfile(index: number, seed: number): VehicleProfile {
  const rand = random(seed * 7919 + index)
  const truck = rand() < 0.3
  return {
    index,
    averageConsumption: Math.round((truck ? 22 + rand() * 10 : 6.5 + rand() * 4) * 10) / 10,
    idleConsumption: Math.round((truck ? 2 + rand() : 0.8 + rand() * 0.7) * 10) / 10,
    tankCapacity: truck ? 300 : 55 + Math.round(rand() * 25),
    speedLimit: truck ? 80 : 90,
    hasLevelSensor: rand() < 0.7,
    hasCanCounter: truck && rand() < 0.8,
    reefer: !truck && rand() < 0.25,
    aggressiveness: 0.5 + rand() * 2.5,
    driverCard: (BigInt(0x1a2b3c00000000) + BigInt(seed) * 100_000n + BigInt(index))
      .toString(16)
      .toUpperCase()
      .padStart(16, '0'),
    unitPrice: Math.round((truck ? 44 : 46) * 100 + rand() * 200) / 100,
  }
}

export function initialSimulation(profile: VehicleProfile, seed: number): VehicleSimulation {
  const rand = random(seed * 31 + profile.index)
  return {
    latitude: CENTRE.latitude + (rand() - 0.5) * 0.2,
    longitude: CENTRE.longitude + (rand() - 0.5) * 0.4,
    course: rand() * 360,
    speed: 0,
    fuel: profile.tankCapacity * (0.5 + rand() * 0.4),
    fuelUsed: 10_000 + Math.round(rand() * 50_000),
    distance: 50_000_000 + Math.round(rand() * 100_000_000),
    temperature: 4,
    power: 12.6,
    vouchers: 0,
  }
}

type Segment = { kind: 'park' | 'idle' | 'drive'; from: number; to: number; highway?: boolean }

/** The segments of one local day, from midnight to midnight. */
function daySegments(day: DateTime, rand: () => number): Segment[] {
  const start = day.startOf('day').toMillis()
  const end = day.startOf('day').plus({ days: 1 }).toMillis()
  const weekend = day.weekday >= 6
  const trips = weekend
    ? rand() < 0.5
      ? 0
      : 1 + Math.floor(rand() * 2)
    : 2 + Math.floor(rand() * 5)
  const segments: Segment[] = []
  let time = start + (6.5 + rand() * 2.5) * 3_600_000
  segments.push({ kind: 'park', from: start, to: time })
  for (let trip = 0; trip < trips && time < end - 3 * 3_600_000; trip++) {
    const warmUp = (1 + rand() * 7) * 60_000
    segments.push({ kind: 'idle', from: time, to: time + warmUp })
    time += warmUp
    const drive = (10 + rand() * 70) * 60_000
    segments.push({ kind: 'drive', from: time, to: time + drive, highway: rand() < 0.4 })
    time += drive
    if (rand() < 0.3) {
      const idle = (2 + rand() * 8) * 60_000
      segments.push({ kind: 'idle', from: time, to: time + idle })
      time += idle
    }
    const parking = (15 + rand() * 135) * 60_000
    segments.push({ kind: 'park', from: time, to: Math.min(end, time + parking) })
    time += parking
  }
  if (time < end) segments.push({ kind: 'park', from: time, to: end })
  return segments
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * The positions of one vehicle for one local day (every `intervalSeconds`, up to `until`),
 * moving the simulation along; fill-ups go into `fuelLog`.
 */
export function simulateDay(
  profile: VehicleProfile,
  sim: VehicleSimulation,
  day: DateTime,
  options: { intervalSeconds: number; seed: number; until: number; imei: string },
  fuelLog: FuelLogDraft[]
): Position[] {
  const rand = random(
    options.seed * 1_000_003 + profile.index * 977 + Math.floor(day.toMillis() / 86_400_000)
  )
  const segments = daySegments(day, rand)
  const positions: Position[] = []
  const step = options.intervalSeconds * 1000
  const hours = options.intervalSeconds / 3600
  let target = 0
  let refuel: { ticks: number; litres: number } | null = null
  let drop: { ticks: number; litres: number } | null = null
  let doorOpen = 0
  let parkedTicks = 0

  for (const segment of segments) {
    // Decide a fill-up or a theft for this parking.
    if (segment.kind === 'park' && segment.to - segment.from >= 15 * 60_000) {
      if (sim.fuel < profile.tankCapacity * 0.3) {
        const litres = round(profile.tankCapacity * (0.92 + rand() * 0.06) - sim.fuel, 1)
        refuel = { ticks: 4, litres }
        sim.vouchers++
        const logged =
          rand() < 0.04 ? round(litres * 1.3, 1) : round(litres * (0.99 + rand() * 0.02), 1)
        const unitPriceCents = Math.round(profile.unitPrice * 100)
        fuelLog.push({
          date: DateTime.fromMillis(segment.from, { zone: day.zone }).toISODate()!,
          litres: logged,
          unitPriceCents,
          totalCents: Math.round(logged * unitPriceCents),
          totalKm: round(sim.distance / 1000, 1),
          supplier: SUPPLIERS[Math.floor(rand() * SUPPLIERS.length)],
          voucherNo: `V${profile.index}-${sim.vouchers}`,
        })
      } else if (segment.from === day.startOf('day').toMillis() && rand() < 0.015) {
        drop = { ticks: 5, litres: Math.min(sim.fuel * 0.5, 15 + rand() * 25) }
      }
      parkedTicks = 0
    }

    for (let time = Math.ceil(segment.from / step) * step; time < segment.to; time += step) {
      if (time > options.until) return positions
      const attributes: PositionAttributes = {}
      const ignition = segment.kind !== 'park'
      if (segment.kind === 'drive') {
        if (
          Math.floor((time - segment.from) / 300_000) !==
            Math.floor((time - step - segment.from) / 300_000) ||
          target === 0
        ) {
          const limit = profile.speedLimit
          const fast = rand() < 0.08 * profile.aggressiveness
          target = segment.highway
            ? fast
              ? limit + 5 + rand() * 30
              : limit - 25 + rand() * 20
            : 25 + rand() * 35
        }
        const remaining = segment.to - time
        const goal = remaining < 60_000 ? 0 : target
        sim.speed = Math.max(
          0,
          sim.speed + Math.max(-20, Math.min(15, goal - sim.speed)) + (rand() - 0.5) * 4
        )
        if (remaining < 60_000) sim.speed = Math.min(sim.speed, 10)
        sim.course = (sim.course + (rand() - 0.5) * 20 + 360) % 360
        if (
          sim.latitude < BOX.minLat ||
          sim.latitude > BOX.maxLat ||
          sim.longitude < BOX.minLon ||
          sim.longitude > BOX.maxLon
        ) {
          const toCentre =
            (Math.atan2(CENTRE.longitude - sim.longitude, CENTRE.latitude - sim.latitude) * 180) /
            Math.PI
          sim.course = (toCentre + 360) % 360
        }
        const metres = (sim.speed / 3.6) * options.intervalSeconds
        const radians = (sim.course * Math.PI) / 180
        sim.latitude += (metres * Math.cos(radians)) / 111_320
        sim.longitude +=
          (metres * Math.sin(radians)) / (111_320 * Math.cos((sim.latitude * Math.PI) / 180))
        sim.distance += metres
        const burnt = ((metres / 1000) * profile.averageConsumption) / 100
        sim.fuel -= burnt
        sim.fuelUsed += burnt
        if (rand() < 0.0012 * profile.aggressiveness && sim.speed > 20) {
          const type = 1 + Math.floor(rand() * 3)
          attributes.greenDrivingType = type
          attributes.greenDrivingValue = Math.round(30 + rand() * 60)
          attributes.eventIo = 253
        }
      } else {
        sim.speed = 0
        if (segment.kind === 'idle') {
          const burnt = profile.idleConsumption * hours
          sim.fuel -= burnt
          sim.fuelUsed += burnt
        }
      }
      if (segment.kind === 'park') {
        parkedTicks++
        if (refuel && parkedTicks > 2 && refuel.ticks > 0) {
          sim.fuel += refuel.litres / 4
          refuel.ticks--
          if (refuel.ticks === 0) refuel = null
        }
        if (drop && parkedTicks > 60 && drop.ticks > 0) {
          sim.fuel -= drop.litres / 5
          drop.ticks--
          if (drop.ticks === 0) drop = null
        }
        sim.power = Math.max(11.7, sim.power - 0.0004 * (options.intervalSeconds / 30))
        if (profile.reefer && doorOpen === 0 && rand() < 0.003) doorOpen = 8
      } else {
        sim.power = 13.9 + rand() * 0.5
      }
      sim.fuel = Math.max(0, Math.min(profile.tankCapacity, sim.fuel))

      if (profile.reefer) {
        const goal = doorOpen > 0 ? 11 : 4
        if (doorOpen > 0) doorOpen--
        sim.temperature += (goal - sim.temperature) * 0.3 + (rand() - 0.5) * 0.2
        attributes.temperatures = { dallas1: round(sim.temperature, 1) }
      }
      attributes.ignition = ignition
      attributes.motion = sim.speed > 0
      attributes.power = round(sim.power + (rand() - 0.5) * 0.05, 2)
      attributes.battery = 4.1
      attributes.rssi = 4
      if (profile.hasLevelSensor) attributes.fuel = round(sim.fuel + (rand() - 0.5) * 0.4, 1)
      if (profile.hasCanCounter) attributes.fuelUsed = round(sim.fuelUsed, 1)
      if (ignition) attributes.driverUniqueId = profile.driverCard
      positions.push({
        imei: options.imei,
        fixTime: new Date(time),
        latitude: round(sim.latitude, 6),
        longitude: round(sim.longitude, 6),
        speed: round(sim.speed, 1),
        course: Math.round(sim.course),
        altitude: 40,
        satellites: 9 + Math.floor(rand() * 4),
        valid: true,
        attributes,
      })
    }
  }
  return positions
}
