import { defineResource } from '#crud/define_resource'
import { vehicleRecord } from '#crud/vehicle_record'
import { boolean, date, datetime, enumOf, money, number, reference, text } from '#crud/fields'
import { currencies, maintenanceDueStates, maintenanceTypes } from '#shared/fleet_enums'
import { rollMaintenanceSchedule } from '#actions/fleet/roll_maintenance_schedule'
import { ODOMETER_KM_SQL, scheduleStateSql } from '#queries/fleet/maintenance_due'
import MaintenanceRecord from '#models/maintenance_record'
import MaintenanceSchedule from '#models/maintenance_schedule'

/**
 * Maintenance records (spec §3: date, description, completed and due flags, period,
 * equipment or reason, distance). A completed record of a scheduled type rolls that
 * vehicle's schedule forward by its interval.
 */
export const maintenanceRecordsResource = defineResource({
  key: 'maintenance_records',
  table: 'maintenance_records',
  fields: {
    record_date: date('maintenance_records.record_date', {
      form: { required: true, default: 'today' },
    }),
    device_id: reference(
      'maintenance_records.device_id',
      { table: 'devices' },
      { form: { required: true } }
    ),
    maintenance_type: enumOf('maintenance_records.maintenance_type', maintenanceTypes, {
      form: {},
    }),
    reason: text('maintenance_records.reason', { form: {} }),
    period: text('maintenance_records.period', { form: { max: 100 } }),
    distance_km: number('maintenance_records.distance_km', {
      form: { integer: true, min: 0, max: 10_000_000 },
    }),
    cost: money('cost_cents', 'maintenance_records', { form: {} }),
    // TRY unless an import says EUR (the form's cost is in the record's currency).
    currency: enumOf('maintenance_records.currency', currencies),
    reference: text('maintenance_records.reference', { form: { max: 100 } }),
    completed: boolean('maintenance_records.completed', { form: {} }),
    due: boolean('maintenance_records.due', { form: {} }),
    description: text('maintenance_records.description', {
      sortable: false,
      form: { multiline: true },
    }),
    created_at: datetime('maintenance_records.created_at'),
  },
  defaultFields: [
    'record_date',
    'device',
    'maintenance_type',
    'reason',
    'distance_km',
    'completed',
    'due',
  ],
  searchColumns: ['device', 'reason'],
  ...vehicleRecord(MaintenanceRecord, 'record_date', {
    write: {
      afterWrite: async (client, record) => {
        if (record.completed) {
          await rollMaintenanceSchedule(
            client,
            record.deviceId as number | null,
            record.maintenanceType as string | null
          )
        }
      },
    },
  }),
})

/**
 * What each vehicle needs and when: the 15 types of spec §3, each with an interval in days
 * and/or km, the next date and next distance, and its state against the live odometer
 * (whichever comes first).
 */
export const maintenanceSchedulesResource = defineResource({
  key: 'maintenance_schedules',
  table: 'maintenance_schedules',
  extend: (query) =>
    query.leftJoin('device_states as s', 's.device_id', 'maintenance_schedules.device_id'),
  fields: {
    device_id: reference(
      'maintenance_schedules.device_id',
      { table: 'devices' },
      { form: { required: true } }
    ),
    maintenance_type: enumOf('maintenance_schedules.maintenance_type', maintenanceTypes, {
      form: { required: true },
    }),
    interval_days: number('maintenance_schedules.interval_days', {
      form: { integer: true, min: 1, max: 3650 },
    }),
    interval_km: number('maintenance_schedules.interval_km', {
      form: { integer: true, min: 1, max: 1_000_000 },
    }),
    next_date: date('maintenance_schedules.next_date', { form: {} }),
    next_distance_km: number('maintenance_schedules.next_distance_km', {
      form: { integer: true, min: 0, max: 10_000_000 },
    }),
    odometer_km: number(ODOMETER_KM_SQL),
    km_left: number(`(maintenance_schedules.next_distance_km - ${ODOMETER_KM_SQL})`),
    days_left: number('(maintenance_schedules.next_date - current_date)'),
    state: enumOf(scheduleStateSql(), maintenanceDueStates),
    notes: text('maintenance_schedules.notes', { sortable: false, form: { multiline: true } }),
    created_at: datetime('maintenance_schedules.created_at'),
  },
  defaultFields: [
    'device',
    'maintenance_type',
    'next_date',
    'days_left',
    'next_distance_km',
    'odometer_km',
    'km_left',
    'state',
  ],
  defaultSort: { column: 'next_date', order: 'asc' },
  dateColumn: 'next_date',
  deviceColumn: 'device_id',
  searchColumns: ['device'],
  labelColumn: 'device',
  write: {
    ability: 'manageFleet',
    model: MaintenanceSchedule,
    // Left empty, the next date and distance start one interval from today and the odometer now.
    afterWrite: async (client, schedule) => {
      if (!schedule.id) return
      await client.rawQuery(
        `UPDATE maintenance_schedules ms SET
           next_date = coalesce(ms.next_date, current_date + ms.interval_days),
           next_distance_km = coalesce(ms.next_distance_km,
             floor(coalesce(s.odometer, 0) / 1000)::int + ms.interval_km)
         FROM maintenance_schedules m LEFT JOIN device_states s ON s.device_id = m.device_id
         WHERE ms.id = ? AND m.id = ms.id`,
        [Number(schedule.id)]
      )
    },
  },
})
