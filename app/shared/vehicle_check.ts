/**
 * Vehicle checks (spec §3, §5): each item scored 1 to 5.
 *
 * A vehicle "passes" (fleet.successful-vehicle) when its latest check is at most
 * PASS_WINDOW_DAYS old, no item of it scores below PASS_MIN_ITEM, and the average of its
 * items is at least PASS_MIN_AVERAGE.
 */
export const vehicleCheckItems = [
  'interior_cleaning',
  'exterior_cleaning',
  'windows',
  'tyres',
  'seats',
  'trunk',
  'attire',
  'shoes',
  'shave',
  'equipment',
  'behaviour',
  'discipline',
  'tourism_certificate',
] as const

export type VehicleCheckItem = (typeof vehicleCheckItems)[number]

export const vehicleCheckTypes = ['daily', 'weekly', 'monthly', 'pre_trip'] as const

export const SCORE_MIN = 1
export const SCORE_MAX = 5
export const PASS_WINDOW_DAYS = 30
export const PASS_MIN_ITEM = 3
export const PASS_MIN_AVERAGE = 4

/** Whether one check's scores pass (the age rule is applied by the query). */
export function checkPasses(scores: Record<VehicleCheckItem, number>): boolean {
  const values = vehicleCheckItems.map((item) => Number(scores[item]))
  const average = values.reduce((sum, value) => sum + value, 0) / values.length
  return values.every((value) => value >= PASS_MIN_ITEM) && average >= PASS_MIN_AVERAGE
}

/** SQL: the average of a check's items, over the table alias given. */
export function averageSql(alias: string) {
  return `((${vehicleCheckItems.map((item) => `${alias}.${item}`).join(' + ')})::numeric / ${vehicleCheckItems.length})`
}

/** SQL: the lowest item of a check, over the table alias given. */
export function lowestSql(alias: string) {
  return `least(${vehicleCheckItems.map((item) => `${alias}.${item}`).join(', ')})`
}
