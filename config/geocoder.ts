import env from '#start/env'

/**
 * Places by name (docs/geocoding.md). Offline by default: the company's geofences and
 * buildings, then the nearest GeoNames town. GEOCODER_URL adds street addresses from a
 * self-hosted Nominatim (or Photon, GEOCODER_ENGINE=photon), asked at most GEOCODER_RATE
 * times a second by the scheduler's place resolution job, never on the ingest path.
 */
const geocoderConfig = {
  url: env.get('GEOCODER_URL') || null,
  engine: env.get('GEOCODER_ENGINE', 'nominatim'),
  ratePerSecond: env.get('GEOCODER_RATE', 1),
}

export default geocoderConfig
