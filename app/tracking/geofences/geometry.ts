import { distanceMeters } from '../pipeline/geo.js'

/** [latitude, longitude] */
export type LatLon = [number, number]

export type GeofenceShape =
  { type: 'circle'; center: LatLon; radius: number } | { type: 'polygon'; points: LatLon[] }

export interface BoundingBox {
  minLat: number
  maxLat: number
  minLon: number
  maxLon: number
}

/** Metres per degree of latitude (mean). */
const METERS_PER_DEGREE = 111_320

export function boundingBox(shape: GeofenceShape): BoundingBox {
  if (shape.type === 'circle') {
    const [lat, lon] = shape.center
    const dLat = shape.radius / METERS_PER_DEGREE
    const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180))
    const dLon = shape.radius / (METERS_PER_DEGREE * cos)
    return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon }
  }
  let minLat = Infinity
  let maxLat = -Infinity
  let minLon = Infinity
  let maxLon = -Infinity
  for (const [lat, lon] of shape.points) {
    if (lat < minLat) minLat = lat
    if (lat > maxLat) maxLat = lat
    if (lon < minLon) minLon = lon
    if (lon > maxLon) maxLon = lon
  }
  return { minLat, maxLat, minLon, maxLon }
}

/** Ray casting on the lat/lon plane (zones are small next to the earth's curvature). */
export function pointInPolygon(lat: number, lon: number, points: LatLon[]): boolean {
  let inside = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [latI, lonI] = points[i]
    const [latJ, lonJ] = points[j]
    if (lonI > lon !== lonJ > lon && lat < ((latJ - latI) * (lon - lonI)) / (lonJ - lonI) + latI) {
      inside = !inside
    }
  }
  return inside
}

export function contains(shape: GeofenceShape, lat: number, lon: number): boolean {
  if (shape.type === 'circle') {
    return distanceMeters(shape.center[0], shape.center[1], lat, lon) <= shape.radius
  }
  return pointInPolygon(lat, lon, shape.points)
}
