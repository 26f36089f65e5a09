import Supercluster from 'supercluster'

/** A pin of the history map (a parking or an alarm) with what a click seeks to. */
export interface MapPin {
  id: string | number
  lat: number
  lon: number
  time: number
}

export type PinGroup<P extends MapPin> =
  | { kind: 'pin'; pin: P }
  | { kind: 'cluster'; id: number; lat: number; lon: number; count: number; firstTime: number }

/** Pins closer than this many pixels at the current zoom become one counted marker. */
const CLUSTER_RADIUS_PX = 44

/**
 * Groups a track's pins for one zoom level: close pins become one counted marker (a click
 * zooms into it), lone ones stay pins. Pure over its input, so it is tested without a map.
 */
export class PinClusters<P extends MapPin> {
  private readonly index: Supercluster<{ index: number; time: number }>

  constructor(private readonly pins: readonly P[]) {
    this.index = new Supercluster<{ index: number; time: number }>({
      radius: CLUSTER_RADIUS_PX,
      maxZoom: 17,
      map: (properties) => ({ index: properties.index, time: properties.time }),
      reduce: (accumulated, properties) => {
        accumulated.time = Math.min(accumulated.time, properties.time)
      },
    })
    this.index.load(
      pins.map((pin, index) => ({
        type: 'Feature' as const,
        properties: { index, time: pin.time },
        geometry: { type: 'Point' as const, coordinates: [pin.lon, pin.lat] },
      }))
    )
  }

  /** What to draw at `zoom` inside [west, south, east, north]. */
  groups(zoom: number, bbox: [number, number, number, number] = [-180, -85, 180, 85]) {
    return this.index.getClusters(bbox, Math.round(zoom)).map((feature): PinGroup<P> => {
      const [lon, lat] = feature.geometry.coordinates
      const properties = feature.properties as {
        cluster?: boolean
        cluster_id?: number
        point_count?: number
        index: number
        time: number
      }
      if (properties.cluster) {
        return {
          kind: 'cluster',
          id: properties.cluster_id!,
          lat,
          lon,
          count: properties.point_count!,
          firstTime: properties.time,
        }
      }
      return { kind: 'pin', pin: this.pins[properties.index] }
    })
  }

  /** The zoom at which a cluster falls apart. */
  expansionZoom(clusterId: number) {
    return this.index.getClusterExpansionZoom(clusterId)
  }
}
