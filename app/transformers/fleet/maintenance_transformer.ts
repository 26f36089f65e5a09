import type { MaintenanceDueRow } from '#queries/fleet/maintenance_due'

/** A maintenance schedule item as the vehicle page and the dashboard show it. */
export function maintenanceItemForCard(row: MaintenanceDueRow) {
  return {
    id: row.id,
    deviceId: row.deviceId,
    vehicle: row.deviceName,
    type: row.maintenanceType,
    nextDate: row.nextDate,
    nextDistanceKm: row.nextDistanceKm,
    odometerKm: row.odometerKm,
    kmLeft: row.kmLeft,
    daysLeft: row.daysLeft,
    state: row.state,
  }
}
