import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Completing a maintenance rolls its schedule forward by the schedule's interval: the next
 * date is the latest completed record's date plus the interval in days, the next distance its
 * kilometres (or, when the record gives none, the vehicle's odometer now) plus the interval in
 * km. Computed from the latest completed record each time, so running it again (an edit, a
 * deletion) always leaves the schedule matching the records. Without a completed record of
 * that type the schedule is left as it is.
 */
export async function rollMaintenanceSchedule(
  client: QueryClientContract,
  deviceId: number | null | undefined,
  maintenanceType: string | null | undefined
) {
  if (!deviceId || !maintenanceType) return 0
  const result = await client.rawQuery(
    `UPDATE maintenance_schedules ms SET
       next_date = CASE WHEN ms.interval_days IS NOT NULL
         THEN r.record_date + ms.interval_days ELSE ms.next_date END,
       next_distance_km = CASE WHEN ms.interval_km IS NOT NULL
         THEN coalesce(r.distance_km, floor(coalesce(s.odometer, 0) / 1000)::int) + ms.interval_km
         ELSE ms.next_distance_km END,
       updated_at = now()
     FROM (SELECT record_date, distance_km FROM maintenance_records
           WHERE device_id = :deviceId AND maintenance_type = :type AND completed
           ORDER BY record_date DESC, id DESC LIMIT 1) r
     LEFT JOIN device_states s ON s.device_id = :deviceId
     WHERE ms.device_id = :deviceId AND ms.maintenance_type = :type`,
    { deviceId, type: maintenanceType }
  )
  return result.rowCount ?? 0
}
