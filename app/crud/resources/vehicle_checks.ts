import { defineResource } from '#crud/define_resource'
import { vehicleRecord } from '#crud/vehicle_record'
import { date, datetime, enumOf, file, number, reference, text } from '#crud/fields'
import { imageExtnames, MAX_UPLOAD_SIZE } from '#shared/uploads'
import type { FieldSpec } from '#crud/resource'
import {
  PASS_MIN_AVERAGE,
  PASS_MIN_ITEM,
  PASS_WINDOW_DAYS,
  SCORE_MAX,
  SCORE_MIN,
  averageSql,
  lowestSql,
  vehicleCheckItems,
  vehicleCheckTypes,
} from '#shared/vehicle_check'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import VehicleCheck from '#models/vehicle_check'

const scores: Record<string, FieldSpec> = Object.fromEntries(
  vehicleCheckItems.map((item) => [
    item,
    number(`vehicle_checks.${item}`, {
      form: { required: true, integer: true, min: SCORE_MIN, max: SCORE_MAX },
    }),
  ])
)

/**
 * Vehicle checks (spec §3, §5): each item scored 1 to 5. Members file them (on
 * /forms/vehicle-check or here); managers edit and delete them.
 */
export const vehicleChecksResource = defineResource({
  key: 'vehicle_checks',
  table: 'vehicle_checks',
  extend: (query) =>
    query.leftJoin('users as inspector_user', 'inspector_user.id', 'vehicle_checks.inspector_id'),
  fields: {
    // No "not after today" rule: the server's today is not the member's near midnight.
    check_date: date('vehicle_checks.check_date', { form: { required: true, default: 'today' } }),
    device_id: reference(
      'vehicle_checks.device_id',
      { table: 'devices' },
      { form: { required: true } }
    ),
    plate: text('ref_device.plate'),
    brand: text('ref_device.brand'),
    driver_id: reference('vehicle_checks.driver_id', { table: 'drivers' }, { form: {} }),
    type: enumOf('vehicle_checks.type', vehicleCheckTypes, {
      form: { required: true, default: 'daily' },
    }),
    ...scores,
    average: number(`round(${averageSql('vehicle_checks')}, 2)`),
    lowest: number(lowestSql('vehicle_checks')),
    body_description: text('vehicle_checks.body_description', {
      sortable: false,
      form: { multiline: true },
    }),
    control_description: text('vehicle_checks.control_description', {
      sortable: false,
      form: { multiline: true },
    }),
    photo: file(
      'vehicle_checks.photo_path',
      { extnames: imageExtnames, size: MAX_UPLOAD_SIZE },
      { column: 'photo_path', form: { wide: true } }
    ),
    inspector: text('coalesce(inspector_user.full_name, inspector_user.email)'),
    created_at: datetime('vehicle_checks.created_at'),
  },
  defaultFields: [
    'check_date',
    'device',
    'plate',
    'driver',
    'type',
    'average',
    'lowest',
    'inspector',
  ],
  searchColumns: ['device', 'plate'],
  // The checks a member made, and those of the driver who is them.
  ownedBy: (userId) =>
    `(vehicle_checks.inspector_id = ${userId} OR vehicle_checks.driver_id IN
      (SELECT id FROM drivers WHERE user_id = ${userId}))`,
  ...vehicleRecord(VehicleCheck, 'check_date', {
    write: {
      createAbility: 'fileRequests',
      fill: (ctx, id) => (id === null ? { inspector_id: ctx.auth.user!.id } : {}),
    },
  }),
})

/**
 * Vehicles whose latest check passes: made at most PASS_WINDOW_DAYS (30) days ago, no item
 * below PASS_MIN_ITEM (3) and an average of at least PASS_MIN_AVERAGE (4).
 */
export const successfulVehiclesResource = defineResource({
  key: 'successful_vehicles',
  table: 'devices',
  query: (client, { companyId, timeZone }) =>
    client
      .from('devices')
      .where('devices.company_id', companyId)
      .joinRaw(
        `JOIN LATERAL (SELECT * FROM vehicle_checks vc WHERE vc.device_id = devices.id
           AND vc.company_id = devices.company_id
           ORDER BY vc.check_date DESC, vc.id DESC LIMIT 1) lc ON true`
      )
      .leftJoin('drivers as check_driver', 'check_driver.id', 'lc.driver_id')
      .whereRaw('lc.check_date >= (now() AT TIME ZONE ?)::date - ?::int', [
        timeZone ?? DEFAULT_TIME_ZONE,
        PASS_WINDOW_DAYS,
      ])
      .whereRaw(`${lowestSql('lc')} >= ?`, [PASS_MIN_ITEM])
      .whereRaw(`${averageSql('lc')} >= ?`, [PASS_MIN_AVERAGE]),
  fields: {
    name: text('devices.name'),
    plate: text('devices.plate'),
    brand: text('devices.brand'),
    check_date: date('lc.check_date'),
    type: enumOf('lc.type', vehicleCheckTypes),
    driver: text('check_driver.name'),
    average: number(`round(${averageSql('lc')}, 2)`),
    lowest: number(lowestSql('lc')),
  },
  defaultFields: ['name', 'plate', 'brand', 'check_date', 'type', 'driver', 'average', 'lowest'],
  defaultSort: { column: 'average', order: 'desc' },
  deviceColumn: 'id',
  searchColumns: ['name', 'plate'],
})
