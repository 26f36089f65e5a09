import type { CompanyZones } from '../../geofences/zone_index.js'
import type { PipelineHandler } from './handler.js'

export const GEOFENCE_ENTER = 'GEOFENCE_ENTER'
export const GEOFENCE_EXIT = 'GEOFENCE_EXIT'

/**
 * Entering and leaving zones: every valid fix is tested against the company's zones in
 * memory (`zonesOf` never queries). An enter opens a visit and raises GEOFENCE_ENTER, a
 * leave closes it and raises GEOFENCE_EXIT; both carry the zone's id and name. A zone
 * deleted or no longer assigned to the vehicle is forgotten without an exit event.
 */
export function geofenceHandler(zonesOf: (companyId: number) => CompanyZones): PipelineHandler {
  return {
    name: 'geofences',
    position({ device, state, position, result }) {
      if (!position.valid) return
      const zones = zonesOf(device.companyId)
      const previous = state.geofences
      if (zones.size === 0 && previous.length === 0) return
      const now = zones.inside(device.id, position.latitude, position.longitude)
      if (now.length === 0 && previous.length === 0) return
      const event = (code: string, zoneId: number, name: string) =>
        result.events.push({
          time: position.fixTime,
          code,
          state: null,
          latitude: position.latitude,
          longitude: position.longitude,
          attributes: { geofenceId: zoneId, geofence: name },
        })
      for (const zoneId of now) {
        if (previous.includes(zoneId)) continue
        event(GEOFENCE_ENTER, zoneId, zones.zone(zoneId)!.name)
        result.visits.push({ geofenceId: zoneId, enterTime: position.fixTime, exitTime: null })
      }
      for (const zoneId of previous) {
        if (now.includes(zoneId) || !zones.applies(zoneId, device.id)) continue
        event(GEOFENCE_EXIT, zoneId, zones.zone(zoneId)!.name)
        const opened = result.visits.find((v) => v.geofenceId === zoneId && v.exitTime === null)
        if (opened) opened.exitTime = position.fixTime
        else result.visitExits.push({ geofenceId: zoneId, exitTime: position.fixTime })
      }
      state.geofences = now
    },
  }
}
