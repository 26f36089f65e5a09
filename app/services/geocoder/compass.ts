const toRad = Math.PI / 180

/** The eight compass points, clockwise from north. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const
export type CompassPoint = (typeof COMPASS_POINTS)[number]

/** Initial great-circle bearing from the first point to the second, 0–360° clockwise from north. */
export function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const phi1 = lat1 * toRad
  const phi2 = lat2 * toRad
  const dLon = (lon2 - lon1) * toRad
  const y = Math.sin(dLon) * Math.cos(phi2)
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon)
  return (((Math.atan2(y, x) / toRad) % 360) + 360) % 360
}

/** The compass point (of eight) nearest to a bearing. */
export function compassPoint(degrees: number): CompassPoint {
  return COMPASS_POINTS[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]
}
