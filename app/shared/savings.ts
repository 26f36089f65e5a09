/**
 * The savings calculator (spec §1): yearly fuel cost of a vehicle and the saving that
 * tracking brings, per vehicle class. Pure TypeScript, shared by the server (the page
 * without JavaScript, tests) and the browser (live results). Money in kuruş (TRY cents).
 *
 * Assumptions, stated on the page: the saving is a share of the fuel bill that comes from
 * fewer and shorter routes (detours, private trips), less idling and less speeding.
 */

export const vehicleClasses = ['passenger_car', 'light_commercial', 'heavy_vehicle'] as const
export type VehicleClass = (typeof vehicleClasses)[number]

/** Percentage of the fuel bill saved, by source. */
export const savingAssumptions: Record<
  VehicleClass,
  { route: number; idle: number; speeding: number }
> = {
  passenger_car: { route: 4, idle: 3, speeding: 3 },
  light_commercial: { route: 5, idle: 4, speeding: 3 },
  heavy_vehicle: { route: 6, idle: 5, speeding: 4 },
}

/** Typical values the form starts with. */
export const savingsDefaults: Record<
  VehicleClass,
  { annualKm: number; consumptionPer100Km: number }
> = {
  passenger_car: { annualKm: 25_000, consumptionPer100Km: 7 },
  light_commercial: { annualKm: 40_000, consumptionPer100Km: 10 },
  heavy_vehicle: { annualKm: 100_000, consumptionPer100Km: 32 },
}

export const DEFAULT_FUEL_PRICE_TL = 45

export const savingsLimits = {
  annualKm: { min: 1, max: 1_000_000 },
  consumptionPer100Km: { min: 0.1, max: 150 },
  fuelPricePerLitre: { min: 0.01, max: 10_000 },
  vehicles: { min: 1, max: 100_000 },
} as const

export interface SavingsInput {
  vehicleClass: VehicleClass
  annualKm: number
  consumptionPer100Km: number
  /** TL per litre. */
  fuelPricePerLitre: number
  vehicles?: number
}

export interface SavingsResult {
  vehicles: number
  savingPercent: number
  litresPerYear: number
  litresSavedPerYear: number
  /** Fuel cost per year for all the vehicles, kuruş. */
  yearlyFuelCostKurus: number
  /** Estimated saving per year for all the vehicles, kuruş; the sum of the breakdown. */
  yearlySavingKurus: number
  breakdownKurus: { route: number; idle: number; speeding: number }
}

export function isVehicleClass(value: unknown): value is VehicleClass {
  return typeof value === 'string' && (vehicleClasses as readonly string[]).includes(value)
}

export function savingPercentOf(vehicleClass: VehicleClass): number {
  const { route, idle, speeding } = savingAssumptions[vehicleClass]
  return route + idle + speeding
}

export function computeSavings(input: SavingsInput): SavingsResult {
  const vehicles = Math.max(1, Math.floor(input.vehicles ?? 1))
  const litresPerVehicle = (input.annualKm * input.consumptionPer100Km) / 100
  const litresPerYear = litresPerVehicle * vehicles
  const priceKurus = Math.round(input.fuelPricePerLitre * 100)
  const yearlyFuelCostKurus = Math.round(litresPerYear * priceKurus)
  const assumption = savingAssumptions[input.vehicleClass]
  const share = (percent: number) => Math.round((yearlyFuelCostKurus * percent) / 100)
  const breakdownKurus = {
    route: share(assumption.route),
    idle: share(assumption.idle),
    speeding: share(assumption.speeding),
  }
  const savingPercent = savingPercentOf(input.vehicleClass)
  return {
    vehicles,
    savingPercent,
    litresPerYear,
    litresSavedPerYear: (litresPerYear * savingPercent) / 100,
    yearlyFuelCostKurus,
    yearlySavingKurus: breakdownKurus.route + breakdownKurus.idle + breakdownKurus.speeding,
    breakdownKurus,
  }
}

/** Reads a number typed in either language ("44,50" or "44.50"); null when it is not one. */
export function parseDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const text = value.trim().replace(/\s/g, '')
  if (!text) return null
  // "1.234,5" (Turkish) -> 1234.5; "1,234.5" (English) -> 1234.5; "44,5" -> 44.5
  const lastComma = text.lastIndexOf(',')
  const lastDot = text.lastIndexOf('.')
  let normalised = text
  if (lastComma > lastDot) normalised = text.replace(/\./g, '').replace(',', '.')
  else if (lastDot > lastComma && lastComma !== -1) normalised = text.replace(/,/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null
  return Number(normalised)
}

/** A type alias, not an interface: it is part of the cost page's props. */
export type SavingsForm = {
  vehicleClass: string
  annualKm: string
  consumptionPer100Km: string
  fuelPricePerLitre: string
  vehicles: string
}

export type SavingsField = Exclude<keyof SavingsForm, 'vehicleClass'>

/**
 * Validates what was typed into the form (query string or inputs): the input to compute
 * with, or the fields that are out of range.
 */
export function parseSavingsForm(
  form: Partial<SavingsForm>
): { input: SavingsInput; errors: null } | { input: null; errors: SavingsField[] } {
  const vehicleClass = isVehicleClass(form.vehicleClass) ? form.vehicleClass : 'passenger_car'
  const errors: SavingsField[] = []
  const read = (field: SavingsField, fallback?: number) => {
    const raw = form[field]
    const value = raw === undefined || raw === '' ? (fallback ?? null) : parseDecimal(raw)
    const { min, max } = savingsLimits[field === 'vehicles' ? 'vehicles' : field]
    if (value === null || value < min || value > max) {
      errors.push(field)
      return 0
    }
    return value
  }
  const input: SavingsInput = {
    vehicleClass,
    annualKm: read('annualKm'),
    consumptionPer100Km: read('consumptionPer100Km'),
    fuelPricePerLitre: read('fuelPricePerLitre'),
    vehicles: Math.floor(read('vehicles', 1)),
  }
  return errors.length > 0 ? { input: null, errors } : { input, errors: null }
}
