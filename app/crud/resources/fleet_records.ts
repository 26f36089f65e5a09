import { defineResource } from '#crud/define_resource'
import { vehicleRecord } from '#crud/vehicle_record'
import { date, datetime, enumOf, file, money, number, reference, text } from '#crud/fields'
import type { FieldSpec } from '#crud/resource'
import {
  currencies,
  paymentPeriods,
  serviceReasons,
  tireStatuses,
  trafficFineStatuses,
} from '#shared/fleet_enums'
import { documentExtnames, imageExtnames, MAX_UPLOAD_SIZE } from '#shared/uploads'
import { OWNERSHIP_TRANSFER_MONTHS } from '#shared/maintenance'
import TireRecord from '#models/tire_record'
import Expense from '#models/expense'
import Accident from '#models/accident'
import Insurance from '#models/insurance'
import Paperwork from '#models/paperwork'
import TrafficFine from '#models/traffic_fine'
import RentalRecord from '#models/rental_record'
import ServiceRecord from '#models/service_record'

/**
 * The fleet's records (spec §3), each a company table on its own page under /backend/fleet.
 * They point to a vehicle, and where §3 says so to a driver, a region and a department;
 * reference lists (expense categories, fine types, insurance types, rental companies,
 * service points) are the company's own. Money is kept in integer cents.
 */

/** The vehicle a record is about: every fleet record names one (issue 30, no row of dashes). */
const vehicle = (table: string, required = true) =>
  reference(`${table}.device_id`, { table: 'devices' }, { form: { required } })

/** Vehicle, driver, region and department of a record. */
function placement(table: string): Record<string, FieldSpec> {
  return {
    device_id: vehicle(table),
    driver_id: reference(`${table}.driver_id`, { table: 'drivers' }, { form: {} }),
    region_id: reference(`${table}.region_id`, { table: 'regions' }, { form: {} }),
    department_id: reference(`${table}.department_id`, { table: 'departments' }, { form: {} }),
  }
}

const currency = (table: string) =>
  enumOf(`${table}.currency`, currencies, { form: { required: true, default: 'TRY' } })

const photos = { extnames: imageExtnames, size: MAX_UPLOAD_SIZE }
const documents = { extnames: documentExtnames, size: MAX_UPLOAD_SIZE }

export const tireRecordsResource = defineResource({
  key: 'tire_records',
  table: 'tire_records',
  fields: {
    change_date: date('tire_records.change_date', { form: { required: true, default: 'today' } }),
    ...placement('tire_records'),
    axle_info: text('tire_records.axle_info', { form: {} }),
    front_count: number('tire_records.front_count', { form: { integer: true, min: 0, max: 20 } }),
    rear_count: number('tire_records.rear_count', { form: { integer: true, min: 0, max: 20 } }),
    left_count: number('tire_records.left_count', { form: { integer: true, min: 0, max: 20 } }),
    right_count: number('tire_records.right_count', { form: { integer: true, min: 0, max: 20 } }),
    mounted_tire: text('tire_records.mounted_tire', { form: {} }),
    removed_tire: text('tire_records.removed_tire', { form: {} }),
    brand: text('tire_records.brand', { form: {} }),
    spare_count: number('tire_records.spare_count', { form: { integer: true, min: 0, max: 10 } }),
    vehicle_km: number('tire_records.vehicle_km', {
      form: { integer: true, min: 0, max: 10_000_000 },
    }),
    status: enumOf('tire_records.status', tireStatuses, { form: {} }),
    notes: text('tire_records.notes', { sortable: false, form: { multiline: true } }),
    created_at: datetime('tire_records.created_at'),
  },
  defaultFields: [
    'change_date',
    'device',
    'driver',
    'brand',
    'mounted_tire',
    'vehicle_km',
    'status',
  ],
  ...vehicleRecord(TireRecord, 'change_date'),
  searchColumns: ['device', 'brand'],
})

export const expensesResource = defineResource({
  key: 'expenses',
  table: 'expenses',
  fields: {
    expense_date: date('expenses.expense_date', { form: { required: true, default: 'today' } }),
    item: text('expenses.item', { form: { required: true } }),
    category_id: reference('expenses.category_id', { table: 'expense_categories' }, { form: {} }),
    amount: money('amount_cents', 'expenses', { form: { required: true } }),
    currency: currency('expenses'),
    ...placement('expenses'),
    description: text('expenses.description', { sortable: false, form: { multiline: true } }),
    created_at: datetime('expenses.created_at'),
  },
  defaultFields: ['expense_date', 'item', 'category', 'amount', 'currency', 'device', 'driver'],
  ...vehicleRecord(Expense, 'expense_date'),
  searchColumns: ['item', 'device'],
  labelColumn: 'item',
})

export const accidentsResource = defineResource({
  key: 'accidents',
  table: 'accidents',
  fields: {
    accident_date: date('accidents.accident_date', {
      form: { required: true, default: 'today', notAfterToday: true },
    }),
    ...placement('accidents'),
    file_number: text('accidents.file_number', { form: { max: 100 } }),
    service_name: text('accidents.service_name', { form: {} }),
    description: text('accidents.description', { sortable: false, form: { multiline: true } }),
    photo: file('accidents.photo_path', photos, { column: 'photo_path', form: { wide: true } }),
    created_at: datetime('accidents.created_at'),
  },
  defaultFields: ['accident_date', 'device', 'driver', 'file_number', 'service_name', 'photo'],
  ...vehicleRecord(Accident, 'accident_date'),
  searchColumns: ['device', 'file_number'],
})

export const insurancesResource = defineResource({
  key: 'insurances',
  table: 'insurances',
  fields: {
    policy_number: text('insurances.policy_number', { form: { required: true, max: 100 } }),
    device_id: vehicle('insurances'),
    type_id: reference('insurances.type_id', { table: 'insurance_types' }, { form: {} }),
    start_date: date('insurances.start_date', { form: { required: true, default: 'today' } }),
    end_date: date('insurances.end_date', { form: { required: true, notBefore: 'start_date' } }),
    policy_amount: money('policy_amount_cents', 'insurances', { form: {} }),
    coverage_amount: money('coverage_amount_cents', 'insurances', { form: {} }),
    additional_coverage: money('additional_coverage_cents', 'insurances', { form: {} }),
    currency: currency('insurances'),
    insurer: text('insurances.insurer', { form: {} }),
    agent: text('insurances.agent', { form: {} }),
    agent_contact_name: text('insurances.agent_contact_name', { form: {} }),
    agent_contact_surname: text('insurances.agent_contact_surname', { form: {} }),
    agent_email: text('insurances.agent_email', { form: { email: true, max: 254 } }),
    agent_phone: text('insurances.agent_phone', { form: { max: 50 } }),
    days_remaining: number('(insurances.end_date - current_date)'),
    description: text('insurances.description', { sortable: false, form: { multiline: true } }),
    policy: file('insurances.policy_path', documents, {
      column: 'policy_path',
      form: { wide: true },
    }),
    created_at: datetime('insurances.created_at'),
  },
  defaultFields: [
    'policy_number',
    'device',
    'type',
    'insurer',
    'start_date',
    'end_date',
    'days_remaining',
    'policy_amount',
    'currency',
  ],
  ...vehicleRecord(Insurance, 'end_date', { order: 'asc' }),
  searchColumns: ['policy_number', 'device', 'insurer', 'agent'],
  labelColumn: 'policy_number',
})

export const paperworkResource = defineResource({
  key: 'paperwork',
  table: 'paperworks',
  fields: {
    paper_date: date('paperworks.paper_date', { form: { required: true, default: 'today' } }),
    device_id: vehicle('paperworks'),
    head_driver_id: reference('paperworks.head_driver_id', { table: 'drivers' }, { form: {} }),
    vehicle_manager: text('paperworks.vehicle_manager', { form: {} }),
    content: text('paperworks.content', {
      sortable: false,
      form: { required: true, multiline: true },
    }),
    document: file('paperworks.document_path', documents, {
      column: 'document_path',
      form: { wide: true },
    }),
    // When the document expires: a renewal (reminders, renewals page) when set.
    expiry_date: date('paperworks.expiry_date', { form: { notBefore: 'paper_date' } }),
    created_at: datetime('paperworks.created_at'),
  },
  defaultFields: ['paper_date', 'device', 'head_driver', 'vehicle_manager', 'content', 'document'],
  ...vehicleRecord(Paperwork, 'paper_date'),
  searchColumns: ['device', 'vehicle_manager', 'content'],
})

export const trafficFinesResource = defineResource({
  key: 'traffic_fines',
  table: 'traffic_fines',
  fields: {
    fine_date: date('traffic_fines.fine_date', {
      form: { required: true, default: 'today', notAfterToday: true },
    }),
    ...placement('traffic_fines'),
    type_id: reference('traffic_fines.type_id', { table: 'traffic_fine_types' }, { form: {} }),
    notification_date: date('traffic_fines.notification_date', {
      form: { notBefore: 'fine_date' },
    }),
    payment_due_date: date('traffic_fines.payment_due_date', { form: { notBefore: 'fine_date' } }),
    serial_number: text('traffic_fines.serial_number', { form: { max: 50 } }),
    sequence_number: text('traffic_fines.sequence_number', { form: { max: 50 } }),
    amount: money('amount_cents', 'traffic_fines', { form: { required: true } }),
    currency: currency('traffic_fines'),
    status: enumOf('traffic_fines.status', trafficFineStatuses, {
      form: { required: true, default: 'unpaid' },
    }),
    issuing_unit: text('traffic_fines.issuing_unit', { form: {} }),
    city_district: text('traffic_fines.city_district', { form: {} }),
    location: text('traffic_fines.location', { form: { max: 500 } }),
    article: text('traffic_fines.article', { form: { max: 100 } }),
    created_at: datetime('traffic_fines.created_at'),
  },
  defaultFields: [
    'fine_date',
    'device',
    'driver',
    'type',
    'amount',
    'currency',
    'status',
    'payment_due_date',
  ],
  ...vehicleRecord(TrafficFine, 'fine_date'),
  searchColumns: ['device', 'serial_number', 'article'],
  labelColumn: 'serial_number',
})

export const rentalRecordsResource = defineResource({
  key: 'rental_records',
  table: 'rental_records',
  fields: {
    device_id: vehicle('rental_records'),
    rental_company_id: reference(
      'rental_records.rental_company_id',
      { table: 'rental_companies' },
      { form: { required: true } }
    ),
    start_date: date('rental_records.start_date', { form: { required: true, default: 'today' } }),
    end_date: date('rental_records.end_date', { form: { notBefore: 'start_date' } }),
    delivery_date: date('rental_records.delivery_date', { form: {} }),
    // Spec §9: ownership passes 12 months after the rental ends.
    ownership_transfer_date: date(
      `(rental_records.end_date + interval '${OWNERSHIP_TRANSFER_MONTHS} months')::date`
    ),
    fee: money('fee_cents', 'rental_records', { form: {} }),
    deposit: money('deposit_cents', 'rental_records', { form: {} }),
    currency: currency('rental_records'),
    payment_period: enumOf('rental_records.payment_period', paymentPeriods, { form: {} }),
    max_km: number('rental_records.max_km', { form: { integer: true, min: 0, max: 10_000_000 } }),
    description: text('rental_records.description', {
      sortable: false,
      form: { multiline: true },
    }),
    created_at: datetime('rental_records.created_at'),
  },
  defaultFields: [
    'device',
    'rental_company',
    'start_date',
    'end_date',
    'ownership_transfer_date',
    'fee',
    'currency',
    'payment_period',
  ],
  ...vehicleRecord(RentalRecord, 'start_date'),
  searchColumns: ['device', 'rental_company'],
})

export const serviceRecordsResource = defineResource({
  key: 'service_records',
  table: 'service_records',
  fields: {
    // Spec §5: the entry date is required.
    entry_date: date('service_records.entry_date', { form: { required: true, default: 'today' } }),
    exit_date: date('service_records.exit_date', { form: { notBefore: 'entry_date' } }),
    device_id: vehicle('service_records'),
    service_point_id: reference(
      'service_records.service_point_id',
      { table: 'service_points', as: 'station_name' },
      { form: {} }
    ),
    reason: enumOf('service_records.reason', serviceReasons, { form: {} }),
    action_performed: text('service_records.action_performed', { form: { max: 500 } }),
    km: number('service_records.km', { form: { integer: true, min: 0, max: 10_000_000 } }),
    invoice_number: text('service_records.invoice_number', { form: { max: 100 } }),
    amount: money('amount_cents', 'service_records', { form: {} }),
    currency: currency('service_records'),
    officer: text('service_records.officer', { form: {} }),
    phone: text('service_records.phone', { form: { max: 50 } }),
    complaints: text('service_records.complaints', { sortable: false, form: { multiline: true } }),
    description: text('service_records.description', {
      sortable: false,
      form: { multiline: true },
    }),
    invoice: file('service_records.invoice_path', documents, {
      column: 'invoice_path',
      form: { wide: true },
    }),
    created_at: datetime('service_records.created_at'),
  },
  defaultFields: [
    'entry_date',
    'exit_date',
    'device',
    'station_name',
    'reason',
    'km',
    'amount',
    'currency',
    'invoice',
  ],
  ...vehicleRecord(ServiceRecord, 'entry_date'),
  searchColumns: ['device', 'station_name', 'invoice_number'],
})
