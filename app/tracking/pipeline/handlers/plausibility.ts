import { DEFAULT_MIN_SATELLITES, addFlag, judgeFix, type GpsFilterState } from '../plausibility.js'
import { initialPlausibilityState } from '../plausibility_state.js'
import type { PipelineHandler } from './handler.js'

/**
 * GPS plausibility, early in the chain: an invalid fix, a fix at 0,0, one with too few
 * satellites, or one the vehicle could not have reached from the last good fix (faster than the
 * company's maxPlausibleSpeedKmh) is flagged in `attributes.flags` and stored with its raw
 * values, but the handlers after this one see it as a fix without position: it moves neither the
 * live position nor the trip detector, adds no distance and raises no geofence or overspeed event.
 * Satellites are judged only when the device reports them (0 reads as "not reported").
 */
export const plausibilityHandler: PipelineHandler = {
  name: 'plausibility',
  position(context) {
    const { device, state, position, attributes } = context
    const memory = (state.plausibility ??= initialPlausibilityState())
    if (!position.valid) {
      addFlag(attributes, 'gps:invalid')
      return
    }
    const gps: GpsFilterState = {
      lastGood: memory.fix
        ? {
            latitude: memory.fix.latitude,
            longitude: memory.fix.longitude,
            fixTime: new Date(memory.fix.time),
            valid: true,
            satellites: null,
          }
        : null,
    }
    const reportsSatellites = device.protocol !== 'osmand' && position.satellites > 0
    const flags = judgeFix(
      gps,
      {
        latitude: position.latitude,
        longitude: position.longitude,
        fixTime: position.fixTime,
        valid: true,
        satellites: reportsSatellites ? position.satellites : null,
      },
      { maxSpeedKmh: device.settings.maxPlausibleSpeedKmh, minSatellites: DEFAULT_MIN_SATELLITES }
    )
    if (flags.length === 0) {
      memory.fix = {
        latitude: position.latitude,
        longitude: position.longitude,
        time: position.fixTime.getTime(),
      }
      return
    }
    for (const flag of flags) addFlag(attributes, `gps:${flag}`)
    context.implausibleFix = true
    context.position = { ...position, valid: false }
  },
}
