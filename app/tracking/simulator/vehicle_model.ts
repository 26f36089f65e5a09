import type { CellTower, DeviceEvent, DeviceFix, HarshKind } from './device_fix.js'
import { Prng } from './prng.js'
import { PreparedRoute, type Route } from './routes.js'

/**
 * One simulated vehicle: a deterministic state machine stepped one simulated second at a time.
 *
 * - parked: ignition off, 5–20 min (the vehicle stays parked while its engine-cut relay is on);
 * - idling: ignition on at 0 km/h, a short warm-up or 1–6 min;
 * - driving: along its route at 20–60 km/h on city streets, up to 80 on avenues, with stops at
 *   lights (10–60 s), occasional overspeed bursts (90–110 km/h) and harsh accelerations,
 *   brakings and corners.
 *
 * External voltage follows the engine (~14.1 V running, ~12.6 V off), the odometer adds the
 * distance driven, the course is the bearing of the street, 8–14 satellites are in view.
 * Nothing reads the wall clock: the same seed and steps give the same fixes.
 */
export type VehiclePhase = 'parked' | 'idling' | 'driving'

export interface PlannedPhase {
  phase: VehiclePhase
  seconds: number
}

export interface VehicleModelOptions {
  seed: number
  route: Route
  /** Simulated time of the first step (rounded down to the second). */
  start: Date
  /** Where on the route the vehicle starts, metres; random when absent. */
  startMeters?: number
  /** Initial total odometer, metres; random (20,000–300,000 km) when absent. */
  odometer?: number
  /** Phases to go through first (a scripted trip), before the random ones. */
  plan?: PlannedPhase[]
}

const CITY_SPEEDS = { min: 20, max: 60 }
const AVENUE_SPEEDS = { min: 30, max: 80 }
const OVERSPEED = { min: 90, max: 110, reportAbove: 90 }
const ACCELERATION_KMH_PER_S = 2.5
const BRAKING_KMH_PER_S = 5
const RUNNING_VOLTS = 14.1
const RESTING_VOLTS = 12.6
/** Per driving second. */
const LIGHT_CHANCE = { city: 1 / 90, avenue: 1 / 180 }
const HARSH_CHANCE = 1 / 900
const OVERSPEED_CHANCE = { city: 1 / 4000, avenue: 1 / 1500 }

const MOBILE_NETWORKS: Record<Route['city'], { mcc: number; mnc: number }> = {
  istanbul: { mcc: 286, mnc: 1 },
  tallinn: { mcc: 248, mnc: 1 },
}

export class VehicleModel {
  private readonly random: Prng
  private readonly path: PreparedRoute
  private readonly plan: PlannedPhase[]
  private readonly avenue: boolean
  private clock: number
  private meters: number
  private speed = 0
  private course = 0
  private phaseName: VehiclePhase = 'parked'
  private phaseLeft = 0
  private ignition = false
  private odometer: number
  private tripStart: number
  private power = RESTING_VOLTS
  private satellites: number
  private gsmLevel: number
  private relayOn = false
  private targetSpeed = 0
  private targetLeft = 0
  private lightLeft = 0
  private overspeedLeft = 0
  private overspeedReported = false
  private harshLeft = 0
  private harshRate = 0

  constructor(options: VehicleModelOptions) {
    this.random = new Prng(options.seed)
    this.path = new PreparedRoute(options.route)
    this.avenue = options.route.speedLimitKmh >= 70
    this.clock = Math.floor(options.start.getTime() / 1000) * 1000
    this.meters = options.startMeters ?? this.random.between(0, this.path.length)
    this.odometer = options.odometer ?? Math.round(this.random.between(20_000, 300_000) * 1000)
    this.tripStart = this.odometer
    this.satellites = this.random.int(8, 14)
    this.gsmLevel = this.random.int(3, 5)
    this.course = this.path.at(this.meters).course
    this.plan = [...(options.plan ?? [])]
    if (!this.startPlanned()) this.startRandom()
  }

  get phase(): VehiclePhase {
    return this.phaseName
  }

  get now(): Date {
    return new Date(this.clock)
  }

  get relay(): boolean {
    return this.relayOn
  }

  /** The engine-cut relay (digital output 1): a blocked vehicle stops and stays parked. */
  setRelay(on: boolean): void {
    this.relayOn = on
    if (on && this.phaseName !== 'parked') this.enter('parked', this.random.int(300, 1200))
  }

  /**
   * Runs the vehicle `seconds` (whole, at least 1) further. Returns the records a tracker
   * writes meanwhile: one per event (harsh driving, overspeed, ignition change), each at its
   * own second, then the periodic record at the end time.
   */
  advance(seconds: number): DeviceFix[] {
    const steps = Math.max(1, Math.round(seconds))
    const records: DeviceFix[] = []
    for (let i = 0; i < steps; i++) {
      const event = this.step()
      if (event) records.push(this.fix(event))
    }
    const last = records[records.length - 1]
    if (!last || last.time.getTime() !== this.clock) records.push(this.fix())
    return records
  }

  /** The current state as a record. */
  fix(event?: DeviceEvent): DeviceFix {
    const point = this.path.at(this.meters)
    const fix: DeviceFix = {
      time: new Date(this.clock),
      latitude: round(point.latitude, 6),
      longitude: round(point.longitude, 6),
      speed: Math.round(this.speed),
      course: Math.round(this.course) % 360,
      altitude: Math.round(this.path.route.altitude + 15 * Math.sin(this.meters / 700)),
      satellites: this.satellites,
      ignition: this.ignition,
      moving: this.speed >= 3,
      odometer: Math.round(this.odometer),
      tripOdometer: Math.round(this.odometer - this.tripStart),
      power: round(this.power, 2),
      battery: this.ignition ? 4.15 : 4.05,
      gsmLevel: this.gsmLevel,
      relay: this.relayOn,
      cell: this.cell(),
    }
    if (event) fix.event = event
    return fix
  }

  private step(): DeviceEvent | undefined {
    this.clock += 1000
    this.phaseLeft -= 1
    if (this.phaseLeft <= 0) this.nextPhase()

    let event: DeviceEvent | undefined
    const wasIgnition = this.ignition
    if (this.phaseName === 'driving') event = this.drive()
    else this.brakeTo(0)
    if (this.phaseName === 'parked' && this.speed === 0) this.ignition = false
    if (this.phaseName !== 'parked') this.ignition = true
    if (this.ignition !== wasIgnition) {
      if (this.ignition) this.tripStart = this.odometer
      event ??= { kind: 'ignition' }
    }

    const moved = this.speed / 3.6
    this.meters += moved
    this.odometer += moved
    if (moved > 0) this.course = this.path.at(this.meters).course
    this.updateElectrics()
    return event
  }

  private drive(): DeviceEvent | undefined {
    if (this.lightLeft > 0) {
      this.lightLeft -= 1
      this.brakeTo(0)
      return undefined
    }
    if (
      this.speed > 15 &&
      this.random.chance(this.avenue ? LIGHT_CHANCE.avenue : LIGHT_CHANCE.city)
    ) {
      this.lightLeft = this.random.int(10, 60)
      this.overspeedLeft = 0
      this.pickTarget()
      return undefined
    }

    this.targetLeft -= 1
    if (this.overspeedLeft > 0) {
      this.overspeedLeft -= 1
      if (this.overspeedLeft === 0) this.pickTarget()
    } else if (this.random.chance(this.avenue ? OVERSPEED_CHANCE.avenue : OVERSPEED_CHANCE.city)) {
      this.overspeedLeft = this.random.int(15, 40)
      this.overspeedReported = false
      this.targetSpeed = this.random.between(OVERSPEED.min, OVERSPEED.max)
    } else if (this.targetLeft <= 0) {
      this.pickTarget()
    }

    if (this.harshLeft > 0) {
      this.harshLeft -= 1
      this.speed = Math.max(0, this.speed + this.harshRate)
    } else if (this.speed < this.targetSpeed) {
      this.speed = Math.min(this.targetSpeed, this.speed + ACCELERATION_KMH_PER_S)
    } else {
      this.brakeTo(this.targetSpeed)
    }

    if (!this.overspeedReported && this.speed > OVERSPEED.reportAbove) {
      this.overspeedReported = true
      return { kind: 'overspeed' }
    }
    const harshPossible = this.speed > 20 && this.speed < 80 && this.harshLeft === 0
    if (harshPossible && this.random.chance(HARSH_CHANCE)) {
      return this.harsh()
    }
    return undefined
  }

  private harsh(): DeviceEvent {
    const roll = this.random.next()
    const type: HarshKind = roll < 0.35 ? 1 : roll < 0.75 ? 2 : 3
    this.harshLeft = 2
    this.harshRate = type === 1 ? 8 : type === 2 ? -12 : -3
    return { kind: 'harsh', type, value: this.random.int(30, 70) }
  }

  private pickTarget(): void {
    const range = this.avenue ? AVENUE_SPEEDS : CITY_SPEEDS
    this.targetSpeed = this.random.between(range.min, range.max)
    this.targetLeft = this.random.int(20, 60)
  }

  private brakeTo(speed: number): void {
    this.speed = Math.max(speed, this.speed - BRAKING_KMH_PER_S)
  }

  private updateElectrics(): void {
    const target = this.ignition ? RUNNING_VOLTS : RESTING_VOLTS
    this.power += (target - this.power) * 0.2 + this.random.between(-0.02, 0.02)
    if (this.random.chance(1 / 30)) {
      this.satellites = clamp(this.satellites + this.random.int(-1, 1), 8, 14)
    }
    if (this.random.chance(1 / 60)) {
      this.gsmLevel = clamp(this.gsmLevel + this.random.int(-1, 1), 3, 5)
    }
  }

  private cell(): CellTower {
    const network = MOBILE_NETWORKS[this.path.route.city]
    const area = Math.floor(this.meters / 2500)
    return {
      ...network,
      lac: 1000 + (area % 16),
      cellId: 20_000 + Math.floor(this.meters / 600),
    }
  }

  private nextPhase(): void {
    if (this.startPlanned()) return
    if (this.relayOn) {
      this.enter('parked', this.random.int(300, 1200))
      return
    }
    switch (this.phaseName) {
      case 'parked':
        this.enter(
          'idling',
          this.random.chance(0.35) ? this.random.int(60, 360) : this.random.int(10, 40)
        )
        return
      case 'idling':
        if (this.speed === 0 && this.ignition && this.odometer - this.tripStart > 200) {
          this.enter('parked', this.random.int(300, 1200))
        } else {
          this.enter('driving', this.random.int(360, 1500))
        }
        return
      case 'driving':
        if (this.random.chance(0.4)) this.enter('idling', this.random.int(60, 360))
        else this.enter('parked', this.random.int(300, 1200))
    }
  }

  private startPlanned(): boolean {
    const next = this.plan.shift()
    if (!next) return false
    this.enter(next.phase, next.seconds)
    return true
  }

  private startRandom(): void {
    const roll = this.random.next()
    if (roll < 0.5) {
      this.enter('driving', this.random.int(120, 1200))
      this.ignition = true
      this.pickTarget()
      this.speed = this.targetSpeed
    } else if (roll < 0.7) {
      this.enter('idling', this.random.int(30, 360))
      this.ignition = true
    } else {
      this.enter('parked', this.random.int(60, 600))
    }
    if (this.ignition) this.power = RUNNING_VOLTS
  }

  private enter(phase: VehiclePhase, seconds: number): void {
    this.phaseName = phase
    this.phaseLeft = seconds
    this.lightLeft = 0
    this.overspeedLeft = 0
    if (phase === 'driving') this.pickTarget()
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
