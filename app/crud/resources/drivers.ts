import vine from '@vinejs/vine'
import { defineResource } from '#crud/resource'
import { resourceForm, validateForm } from '#crud/resource_helpers'
import {
  dateColumn,
  dateTimeColumn,
  enumColumn,
  numberColumn,
  textColumn,
} from '#crud/resources/columns'
import { driverStatuses } from '#models/driver'

export const bloodTypes = ['0+', '0-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const

const optionalText = (max: number) => vine.string().trim().maxLength(max).optional()

const driverForm = resourceForm({
  name: vine.string().trim().minLength(1).maxLength(200),
  birth_date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual('today')
    .optional(),
  licence_number: optionalText(50),
  phone: optionalText(50),
  status: vine.enum(driverStatuses),
  card_id: vine
    .string()
    .trim()
    .maxLength(64)
    .unique({
      table: 'drivers',
      column: 'card_id',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
        if (field.meta.id) query.whereNot('id', field.meta.id)
      },
    })
    .optional(),
  blood_type: vine.enum(bloodTypes).optional(),
  emergency_contact_name: optionalText(200),
  emergency_contact_phone: optionalText(50),
  notes: vine.string().trim().maxLength(2000).optional(),
})

/** Drivers (spec §3): active, passive or on leave, assignable to a vehicle. */
export const driversResource = defineResource({
  key: 'drivers',
  table: 'drivers',
  query: (client, { companyId }) =>
    client
      .from('drivers')
      .joinRaw(
        `LEFT JOIN (SELECT driver_id, string_agg(name, ', ' ORDER BY name) AS vehicles,
           min(id) AS vehicle_id FROM devices WHERE company_id = ? AND driver_id IS NOT NULL
           GROUP BY driver_id) v ON v.driver_id = drivers.id`,
        [companyId]
      )
      .where('drivers.company_id', companyId),
  columns: {
    id: numberColumn('drivers.id'),
    name: textColumn('drivers.name'),
    birth_date: dateColumn('drivers.birth_date'),
    licence_number: textColumn('drivers.licence_number'),
    phone: textColumn('drivers.phone'),
    status: enumColumn('drivers.status', driverStatuses),
    card_id: textColumn('drivers.card_id'),
    blood_type: enumColumn('drivers.blood_type', bloodTypes),
    emergency_contact_name: textColumn('drivers.emergency_contact_name'),
    emergency_contact_phone: textColumn('drivers.emergency_contact_phone'),
    vehicles: textColumn('v.vehicles'),
    vehicle_id: numberColumn('v.vehicle_id'),
    notes: textColumn('drivers.notes', { sortable: false }),
    created_at: dateTimeColumn('drivers.created_at'),
  },
  defaultFields: ['name', 'phone', 'licence_number', 'card_id', 'status', 'vehicles'],
  defaultSort: { column: 'name', order: 'asc' },
  dateColumn: 'created_at',
  deviceColumn: 'vehicle_id',
  searchColumns: ['name', 'phone', 'licence_number', 'card_id'],
  labelColumn: 'name',
  write: {
    role: 'manager',
    validate: (ctx, input, id) => validateForm(driverForm, ctx, input, id),
  },
})
