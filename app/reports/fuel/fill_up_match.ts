/**
 * One fuel log entry (a fill-up) checked against what the tracker saw, as the field does with
 * fuel-card reconciliation: the refuel the fuel level shows near the entry's day, and the
 * vehicle's tank capacity.
 *
 * - `over_tank`: more litres than the tank holds (beyond a small margin for the filler neck).
 * - `not_visible`: the tracker sends no fuel level (only a fuel-used counter, or nothing), so
 *   a refuel cannot be seen; the entry is neither confirmed nor flagged.
 * - `no_refuel`: the level shows no refuel within a day of the entry's date.
 * - `litres_differ`: the closest refuel in litres differs from the entry by more than the
 *   tolerance (% of the larger).
 * - `matched`: otherwise.
 *
 * A month's report counts the flagged entries instead of comparing month totals, which would
 * dilute a single bad fill-up among many good ones.
 */
export const fillUpStatuses = [
  'matched',
  'over_tank',
  'not_visible',
  'no_refuel',
  'litres_differ',
] as const
export type FillUpStatus = (typeof fillUpStatuses)[number]

export const FLAGGED_FILL_UP_STATUSES: readonly FillUpStatus[] = [
  'over_tank',
  'no_refuel',
  'litres_differ',
]

/** Days either side of the entry's date a refuel may be found in. */
export const FILL_UP_WINDOW_DAYS = 1
/** Litres a tank takes beyond its rated capacity (filler neck, pipes): 5 %. */
export const TANK_MARGIN = 1.05

export interface FillUp {
  litres: number
  tankCapacity: number | null
  /** Whether the tracker sends a fuel level at all. */
  levelSensor: boolean
  /** The refuel (litres) near the entry closest to its litres, or null when there is none. */
  closestRefuelLitres: number | null
}

/** The status of one fill-up; `tolerance` is a share (0.2 for 20 %). */
export function fillUpStatus(fillUp: FillUp, tolerance: number): FillUpStatus {
  if (fillUp.tankCapacity !== null && fillUp.litres > fillUp.tankCapacity * TANK_MARGIN) {
    return 'over_tank'
  }
  if (!fillUp.levelSensor) return 'not_visible'
  if (fillUp.closestRefuelLitres === null) return 'no_refuel'
  const refuel = fillUp.closestRefuelLitres
  if (Math.abs(fillUp.litres - refuel) > tolerance * Math.max(fillUp.litres, refuel)) {
    return 'litres_differ'
  }
  return 'matched'
}

/** The same rule as SQL over the given expressions; the tolerance is a `?` binding by default. */
export const fillUpStatusSql = (
  columns: {
    litres: string
    tankCapacity: string
    levelSensor: string
    closestRefuelLitres: string
  },
  toleranceSql = '?'
) => `CASE
    WHEN ${columns.tankCapacity} IS NOT NULL AND ${columns.litres} > ${columns.tankCapacity} * ${TANK_MARGIN}
      THEN 'over_tank'
    WHEN NOT ${columns.levelSensor} THEN 'not_visible'
    WHEN ${columns.closestRefuelLitres} IS NULL THEN 'no_refuel'
    WHEN abs(${columns.litres} - ${columns.closestRefuelLitres})
        > ${toleranceSql} * greatest(${columns.litres}, ${columns.closestRefuelLitres})
      THEN 'litres_differ'
    ELSE 'matched'
  END`

/**
 * The status of the fuel entry `fuel_entries` as a list column, from the stored refuels
 * (fuel_level_events) and fuel levels (fuel_hours) within the window, at the default tolerance
 * and smallest refuel of the fuel reports.
 */
export function fuelEntryStatusSql(tolerancePercent: number, minRefuelLitres: number) {
  return fillUpStatusSql(
    {
      litres: 'fuel_entries.litres',
      tankCapacity: `(SELECT d.tank_capacity FROM devices d WHERE d.id = fuel_entries.device_id)`,
      levelSensor: `EXISTS (SELECT 1 FROM fuel_hours h WHERE h.device_id = fuel_entries.device_id
        AND h.first_level IS NOT NULL AND h.hour >= fuel_entries.entry_date - ${FILL_UP_WINDOW_DAYS}
        AND h.hour < fuel_entries.entry_date + ${FILL_UP_WINDOW_DAYS + 1})`,
      closestRefuelLitres: `(SELECT abs(e.litres) FROM fuel_level_events e
        WHERE e.device_id = fuel_entries.device_id AND e.kind = 'refuel'
          AND abs(e.litres) >= ${Number(minRefuelLitres)}
          AND e.start_time >= fuel_entries.entry_date - ${FILL_UP_WINDOW_DAYS}
          AND e.start_time < fuel_entries.entry_date + ${FILL_UP_WINDOW_DAYS + 1}
        ORDER BY abs(abs(e.litres) - fuel_entries.litres), e.start_time LIMIT 1)`,
    },
    String(Number(tolerancePercent) / 100)
  )
}
