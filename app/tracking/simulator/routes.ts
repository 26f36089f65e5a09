import { distanceMeters } from '../pipeline/geo.js'

/**
 * Driving loops on real streets of Istanbul and Tallinn, for the simulator. Each street is a
 * polyline of [latitude, longitude] points at its main junctions and bends: approximate
 * positions (within roughly 100 m), enough for plausible tracks on a map, not surveyed
 * geometry. A loop drives streets one after the other and ends where it began, so a vehicle
 * can go round it forever.
 */
export type LatLon = readonly [number, number]

export type City = 'istanbul' | 'tallinn'

export interface Route {
  id: string
  city: City
  /** Streets the loop drives, in order. */
  streets: string
  /** Posted limit of most of the loop: 50 city streets, 70+ avenues. */
  speedLimitKmh: number
  /** Typical altitude along the loop, metres. */
  altitude: number
  /** Closed polyline: the last point equals the first. */
  points: readonly LatLon[]
}

// --- Istanbul -----------------------------------------------------------------------------

/** Beşiktaş square up Barbaros Bulvarı to Zincirlikuyu, then Büyükdere Caddesi to Maslak. */
const BARBAROS_BUYUKDERE: LatLon[] = [
  [41.0426, 29.0074],
  [41.0456, 29.008],
  [41.049, 29.0087],
  [41.0547, 29.0094],
  [41.0598, 29.0105],
  [41.064, 29.0121],
  [41.0674, 29.0133],
  [41.072, 29.0124],
  [41.0779, 29.0107],
  [41.083, 29.0086],
  [41.0864, 29.007],
  [41.0918, 29.0062],
  [41.096, 29.009],
  [41.1, 29.013],
  [41.1045, 29.018],
  [41.109, 29.0215],
]

/** Aksaray along Vatan Caddesi to Topkapı, down the land walls (10. Yıl Caddesi) to Yedikule. */
const VATAN_WALLS: LatLon[] = [
  [41.0117, 28.9517],
  [41.0138, 28.947],
  [41.0157, 28.9425],
  [41.0176, 28.9385],
  [41.0193, 28.9345],
  [41.021, 28.9303],
  [41.0224, 28.9264],
  [41.0196, 28.923],
  [41.015, 28.922],
  [41.01, 28.9215],
  [41.005, 28.921],
  [41.0, 28.9205],
  [40.9957, 28.92],
]

/** Kennedy Caddesi on the Marmara shore, Yedikule east to Yenikapı. */
const KENNEDY_YEDIKULE_YENIKAPI: LatLon[] = [
  [40.9923, 28.9225],
  [40.9945, 28.93],
  [40.997, 28.937],
  [40.9995, 28.944],
  [41.002, 28.95],
]

/** Kennedy Caddesi on, Yenikapı past Kumkapı and Ahırkapı round Sarayburnu to Sirkeci. */
const KENNEDY_YENIKAPI_SIRKECI: LatLon[] = [
  [41.002, 28.95],
  [41.0035, 28.957],
  [41.0042, 28.965],
  [41.004, 28.973],
  [41.0052, 28.9805],
  [41.009, 28.985],
  [41.0135, 28.9875],
  [41.017, 28.986],
  [41.016, 28.9805],
]

/** Gazi Mustafa Kemal Paşa Caddesi, Yenikapı up to Aksaray. */
const YENIKAPI_AKSARAY: LatLon[] = [
  [41.002, 28.95],
  [41.005, 28.9515],
  [41.0085, 28.952],
  [41.0117, 28.9517],
]

/** Kennedy Caddesi west, Yenikapı past Yedikule and Zeytinburnu to Bakırköy. */
const KENNEDY_YENIKAPI_BAKIRKOY: LatLon[] = [
  [41.002, 28.95],
  [40.9995, 28.944],
  [40.997, 28.937],
  [40.9945, 28.93],
  [40.9923, 28.9225],
  [40.9895, 28.913],
  [40.986, 28.902],
  [40.9825, 28.891],
  [40.978, 28.879],
]

// --- Tallinn ------------------------------------------------------------------------------

/** Pärnu maantee from Vabaduse väljak south past Tondi and Järve towards Nõmme. */
const PARNU_MNT: LatLon[] = [
  [59.4338, 24.7446],
  [59.431, 24.7432],
  [59.428, 24.741],
  [59.424, 24.7388],
  [59.42, 24.7362],
  [59.416, 24.7335],
  [59.411, 24.7295],
  [59.406, 24.7255],
  [59.401, 24.721],
  [59.395, 24.714],
  [59.388, 24.703],
]

/** Narva maantee from Viru väljak through Kadriorg to the Song Festival Grounds. */
const NARVA_MNT: LatLon[] = [
  [59.4368, 24.7548],
  [59.4375, 24.76],
  [59.4382, 24.7635],
  [59.4392, 24.77],
  [59.4402, 24.7761],
  [59.442, 24.784],
  [59.444, 24.792],
]

/** Viru väljak down Tartu maantee, then Peterburi tee east through Lasnamäe to Väo. */
const TARTU_PETERBURI: LatLon[] = [
  [59.4368, 24.7548],
  [59.436, 24.757],
  [59.4335, 24.764],
  [59.431, 24.77],
  [59.429, 24.776],
  [59.428, 24.783],
  [59.4278, 24.792],
  [59.4272, 24.803],
  [59.4265, 24.815],
  [59.426, 24.827],
  [59.4256, 24.838],
  [59.425, 24.85],
]

/** Vabaduse väljak by Kaarli puiestee onto Paldiski maantee, then Kadaka tee to Mustamäe. */
const PALDISKI_KADAKA: LatLon[] = [
  [59.4338, 24.7446],
  [59.4355, 24.739],
  [59.4365, 24.733],
  [59.4352, 24.724],
  [59.434, 24.715],
  [59.4315, 24.7035],
  [59.429, 24.692],
  [59.4265, 24.677],
  [59.4245, 24.664],
  [59.422, 24.666],
  [59.417, 24.67],
  [59.412, 24.673],
  [59.407, 24.6745],
  [59.402, 24.673],
  [59.397, 24.669],
]

/** A street driven to its end and back. */
function thereAndBack(street: readonly LatLon[]): LatLon[] {
  return [...street, ...street.slice(0, -1).reverse()]
}

/** Streets driven one after the other (a street starting where the previous ended joins it). */
function chain(...streets: (readonly LatLon[])[]): LatLon[] {
  const points: LatLon[] = []
  for (const street of streets) {
    const last = points[points.length - 1]
    const joined = last && last[0] === street[0][0] && last[1] === street[0][1]
    points.push(...(joined ? street.slice(1) : street))
  }
  return points
}

export const ROUTES: readonly Route[] = [
  {
    id: 'istanbul-besiktas-maslak',
    city: 'istanbul',
    streets: 'Barbaros Bulvarı, Büyükdere Caddesi',
    speedLimitKmh: 70,
    altitude: 90,
    points: thereAndBack(BARBAROS_BUYUKDERE),
  },
  {
    id: 'istanbul-historic-peninsula',
    city: 'istanbul',
    streets: 'Vatan Caddesi, 10. Yıl Caddesi, Kennedy Caddesi, Gazi Mustafa Kemal Paşa Caddesi',
    speedLimitKmh: 70,
    altitude: 25,
    points: chain(
      VATAN_WALLS,
      KENNEDY_YEDIKULE_YENIKAPI,
      thereAndBack(KENNEDY_YENIKAPI_SIRKECI),
      YENIKAPI_AKSARAY
    ),
  },
  {
    id: 'istanbul-kennedy-bakirkoy',
    city: 'istanbul',
    streets: 'Kennedy Caddesi',
    speedLimitKmh: 70,
    altitude: 5,
    points: thereAndBack(KENNEDY_YENIKAPI_BAKIRKOY),
  },
  {
    id: 'tallinn-parnu-mnt',
    city: 'tallinn',
    streets: 'Pärnu maantee',
    speedLimitKmh: 50,
    altitude: 35,
    points: thereAndBack(PARNU_MNT),
  },
  {
    id: 'tallinn-narva-peterburi',
    city: 'tallinn',
    streets: 'Narva maantee, Tartu maantee, Peterburi tee',
    speedLimitKmh: 70,
    altitude: 30,
    points: chain(thereAndBack(NARVA_MNT), thereAndBack(TARTU_PETERBURI)),
  },
  {
    id: 'tallinn-paldiski-kadaka',
    city: 'tallinn',
    streets: 'Kaarli puiestee, Paldiski maantee, Kadaka tee',
    speedLimitKmh: 50,
    altitude: 40,
    points: thereAndBack(PALDISKI_KADAKA),
  },
]

export function routesOf(city: City): Route[] {
  return ROUTES.filter((route) => route.city === city)
}

export interface RoutePoint {
  latitude: number
  longitude: number
  /** Direction of travel, degrees clockwise from north, 0..360. */
  course: number
}

/** A route with the cumulative length at each point, for interpolation by distance. */
export class PreparedRoute {
  readonly cumulative: number[]
  readonly length: number

  constructor(readonly route: Route) {
    const { points } = route
    this.cumulative = [0]
    for (let i = 1; i < points.length; i++) {
      const [lat1, lon1] = points[i - 1]
      const [lat2, lon2] = points[i]
      this.cumulative.push(this.cumulative[i - 1] + distanceMeters(lat1, lon1, lat2, lon2))
    }
    this.length = this.cumulative[this.cumulative.length - 1]
  }

  /** The point `meters` along the loop (wrapping round past its end), and the course there. */
  at(meters: number): RoutePoint {
    const { points } = this.route
    const along = ((meters % this.length) + this.length) % this.length
    let low = 0
    let high = this.cumulative.length - 1
    while (high - low > 1) {
      const middle = (low + high) >> 1
      if (this.cumulative[middle] <= along) low = middle
      else high = middle
    }
    const [lat1, lon1] = points[low]
    const [lat2, lon2] = points[high]
    const span = this.cumulative[high] - this.cumulative[low]
    const t = span > 0 ? (along - this.cumulative[low]) / span : 0
    return {
      latitude: lat1 + (lat2 - lat1) * t,
      longitude: lon1 + (lon2 - lon1) * t,
      course: bearingDegrees(lat1, lon1, lat2, lon2),
    }
  }
}

/** Initial great-circle bearing from point 1 to point 2, degrees 0..360. */
export function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180
  const phi1 = lat1 * toRad
  const phi2 = lat2 * toRad
  const dLon = (lon2 - lon1) * toRad
  const y = Math.sin(dLon) * Math.cos(phi2)
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon)
  const degrees = Math.atan2(y, x) / toRad
  return (degrees + 360) % 360
}
