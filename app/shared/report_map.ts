/**
 * What a report draws on the map beside its table (trip summary, parking duration): the
 * period's trips as lines (their positions, thinned) and stops as markers, each keyed by its
 * vehicle and start time like its row (`featureKey`: the page highlights a row's feature).
 */
export type ReportMap = {
  trips: { deviceId: number; startTime: string; path: [number, number][] }[]
  stops: { deviceId: number; startTime: string; lat: number; lon: number }[]
  /** More trips or stops than the map draws (MAP_FEATURE_LIMIT, the first ones drawn). */
  truncated: boolean
}

/** The most trips, and the most stops, a report's map draws. */
export const MAP_FEATURE_LIMIT = 1000

/** A trip's or stop's key, the same as its row's: vehicle and start time (epoch ms). */
export function featureKey(deviceId: unknown, startTime: unknown): string | null {
  const time = new Date(String(startTime)).getTime()
  return Number.isFinite(time) && deviceId !== null ? `${Number(deviceId)}@${time}` : null
}
