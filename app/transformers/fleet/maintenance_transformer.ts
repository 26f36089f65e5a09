import { BaseTransformer } from '@adonisjs/core/transformers'
import type { MaintenanceDueRow } from '#queries/fleet/maintenance_due'

/**
 * A maintenance schedule item as the vehicle page and the dashboard show it; their type is
 * generated from this class (`Data.Fleet.Maintenance`).
 */
export default class MaintenanceTransformer extends BaseTransformer<MaintenanceDueRow> {
  toObject() {
    const row = this.resource
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
}

export function maintenanceItemForCard(row: MaintenanceDueRow) {
  return new MaintenanceTransformer(row).toObject()
}
