import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { rollMaintenanceSchedule } from '#actions/fleet/roll_maintenance_schedule'
import { dueWindow, scheduleStateSql } from '#queries/fleet/maintenance_due'
import { currencies, maintenanceTypes } from '#shared/fleet_enums'
import { parseCsvRows } from '#crud/import/sheet'

/**
 * The exchange with an external maintenance system (README, "Maintenance integration"):
 * the company's maintenance records and schedule as CSV or JSON, and an import of the
 * services it completed (CSV or JSON), each valid row becoming a completed maintenance
 * record that rolls its schedule forward; invalid rows are reported, not imported.
 */

export const recordFields = [
  'id',
  'plate',
  'imei',
  'vehicle',
  'type',
  'date',
  'km',
  'completed',
  'due',
  'cost',
  'currency',
  'reference',
  'description',
] as const

export const scheduleFields = [
  'id',
  'plate',
  'imei',
  'vehicle',
  'type',
  'interval_days',
  'interval_km',
  'next_date',
  'next_km',
  'state',
] as const

export const importFields = ['plate', 'imei', 'date', 'km', 'type', 'cost', 'currency', 'reference']

export type ExportKind = 'records' | 'schedules'
export type Row = Record<string, string | number | boolean | null>

export async function exportRows(kind: ExportKind, companyId: number, today: string) {
  if (kind === 'records') {
    const rows = await db
      .from('maintenance_records as m')
      .leftJoin('devices as d', 'd.id', 'm.device_id')
      .where('m.company_id', companyId)
      .select(
        'm.id',
        'd.plate',
        'd.imei',
        'd.name as vehicle',
        'm.maintenance_type as type',
        db.raw(`to_char(m.record_date, 'YYYY-MM-DD') as date`),
        'm.distance_km as km',
        'm.completed',
        'm.due',
        'm.cost_cents',
        'm.currency',
        'm.reference',
        'm.description'
      )
      .orderBy('m.record_date', 'asc')
      .orderBy('m.id', 'asc')
    return rows.map((row): Row => ({
      id: row.id,
      plate: row.plate,
      imei: row.imei,
      vehicle: row.vehicle,
      type: row.type,
      date: row.date,
      km: row.km,
      completed: row.completed,
      due: row.due,
      cost: row.cost_cents === null ? null : (Number(row.cost_cents) / 100).toFixed(2),
      currency: row.currency,
      reference: row.reference,
      description: row.description,
    }))
  }
  const state = scheduleStateSql(dueWindow, `'${today}'::date`)
  const rows = await db
    .from('maintenance_schedules')
    .join('devices as d', 'd.id', 'maintenance_schedules.device_id')
    .leftJoin('device_states as s', 's.device_id', 'maintenance_schedules.device_id')
    .where('maintenance_schedules.company_id', companyId)
    .select(
      'maintenance_schedules.id',
      'd.plate',
      'd.imei',
      'd.name as vehicle',
      'maintenance_schedules.maintenance_type as type',
      'maintenance_schedules.interval_days',
      'maintenance_schedules.interval_km',
      db.raw(`to_char(maintenance_schedules.next_date, 'YYYY-MM-DD') as next_date`),
      'maintenance_schedules.next_distance_km as next_km',
      db.raw(`${state} as state`)
    )
    .orderBy('d.name', 'asc')
    .orderBy('maintenance_schedules.maintenance_type', 'asc')
    .orderBy('maintenance_schedules.id', 'asc')
  return rows.map((row): Row => Object.fromEntries(scheduleFields.map((f) => [f, row[f] ?? null])))
}

function csvCell(value: Row[string]) {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(fields: readonly string[], rows: Row[]) {
  const lines = [fields.join(',')]
  for (const row of rows) lines.push(fields.map((field) => csvCell(row[field])).join(','))
  return lines.join('\r\n') + '\r\n'
}

/** CSV text (the import's reader: quotes, doubled quotes, `,` `;` or tab) as rows of its header's names. */
export function parseCsv(text: string): Record<string, string>[] {
  const records = parseCsvRows(text)
  const nonEmpty = records.filter((cells) => cells.some((value) => value.trim() !== ''))
  const [header, ...rows] = nonEmpty
  if (!header) return []
  const names = header.map((name) => name.trim().toLowerCase())
  return rows.map((cells) =>
    Object.fromEntries(names.map((name, index) => [name, (cells[index] ?? '').trim()]))
  )
}

export class ImportFileError extends Error {
  constructor(readonly key: 'unreadable' | 'empty' | 'too_many') {
    super(key)
  }
}

export const MAX_IMPORT_ROWS = 5000

/** The rows of an uploaded file: CSV with a header row, or JSON (an array, or `{ items: [] }`). */
export function parseImport(text: string, extname: string): Record<string, string>[] {
  let rows: Record<string, string>[]
  if (extname === 'json') {
    let data: unknown
    try {
      data = JSON.parse(text.replace(/^\uFEFF/, ''))
    } catch {
      throw new ImportFileError('unreadable')
    }
    const items = Array.isArray(data) ? data : (data as { items?: unknown })?.items
    if (!Array.isArray(items)) throw new ImportFileError('unreadable')
    rows = items.map((item) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return {}
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>).map(([key, value]) => [
          key.toLowerCase(),
          value === null || value === undefined ? '' : String(value).trim(),
        ])
      )
    })
  } else {
    rows = parseCsv(text)
  }
  if (rows.length === 0) throw new ImportFileError('empty')
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError('too_many')
  return rows
}

export interface RowError {
  /** 1-based, as the row is counted in the file (CSV: after the header). */
  row: number
  field: string
  key: string
  values?: Record<string, string | number>
}

export interface ImportResult {
  created: number
  errors: RowError[]
}

const normalizePlate = (plate: string) => plate.replace(/\s+/g, '').toUpperCase()

/**
 * Imports completed services: each row names its vehicle by plate or IMEI (the company's
 * only), a date (yyyy-MM-dd, not after today), a maintenance type, and optionally km, cost
 * (decimal, TRY unless `currency` says EUR) and the system's reference (a reference already
 * imported for that vehicle is refused). Valid rows become completed maintenance records and
 * roll their schedule forward; every refused row is reported with its reasons.
 */
export async function importServices(
  companyId: number,
  rows: Record<string, string>[],
  today: string
): Promise<ImportResult> {
  const vehicles = await db
    .from('devices')
    .where('company_id', companyId)
    .select('id', 'plate', 'imei')
  const byPlate = new Map<string, number>()
  const byImei = new Map<string, number>()
  for (const vehicle of vehicles) {
    if (vehicle.plate) byPlate.set(normalizePlate(vehicle.plate), Number(vehicle.id))
    if (vehicle.imei) byImei.set(String(vehicle.imei).trim(), Number(vehicle.id))
  }
  const errors: RowError[] = []
  const valid: Record<string, unknown>[] = []
  const seen = new Set<string>()

  rows.forEach((raw, index) => {
    const row = index + 1
    const rowErrors: RowError[] = []
    const fail = (field: string, key: string, values?: RowError['values']) =>
      rowErrors.push({ row, field, key, values })

    const plate = raw.plate ?? ''
    const imei = raw.imei ?? ''
    let deviceId: number | undefined
    if (!plate && !imei) fail('plate', 'vehicle_required')
    else {
      deviceId = plate ? byPlate.get(normalizePlate(plate)) : byImei.get(imei)
      if (deviceId === undefined && plate && imei) deviceId = byImei.get(imei)
      if (deviceId === undefined) fail(plate ? 'plate' : 'imei', 'vehicle_unknown')
    }

    const date = raw.date ?? ''
    const parsed = DateTime.fromFormat(date, 'yyyy-MM-dd')
    if (!date) fail('date', 'required')
    else if (!parsed.isValid) fail('date', 'date_invalid')
    else if (date > today) fail('date', 'date_future')

    const type = raw.type ?? ''
    if (!type) fail('type', 'required')
    else if (!(maintenanceTypes as readonly string[]).includes(type)) fail('type', 'type_invalid')

    let km: number | null = null
    if (raw.km) {
      if (!/^\d{1,8}$/.test(raw.km)) fail('km', 'km_invalid')
      else km = Number(raw.km)
    }

    let costCents: number | null = null
    if (raw.cost) {
      const cost = raw.cost.replace(',', '.')
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(cost)) fail('cost', 'cost_invalid')
      else costCents = Math.round(Number(cost) * 100)
    }

    const currency = (raw.currency || 'TRY').toUpperCase()
    if (!(currencies as readonly string[]).includes(currency)) fail('currency', 'currency_invalid')

    const reference = raw.reference ?? ''
    if (reference.length > 100) fail('reference', 'reference_long', { max: 100 })
    // A reference repeated by an earlier valid row of the file.
    if (rowErrors.length === 0 && reference) {
      const key = `${deviceId}:${reference}`
      if (seen.has(key)) fail('reference', 'reference_repeated')
      seen.add(key)
    }

    if (rowErrors.length > 0) {
      errors.push(...rowErrors)
      return
    }
    valid.push({
      row,
      company_id: companyId,
      device_id: deviceId,
      maintenance_type: type,
      record_date: date,
      distance_km: km,
      completed: true,
      due: false,
      cost_cents: costCents,
      currency,
      reference: reference || null,
      description: null,
    })
  })

  // References imported before: refused, the rest imported in one transaction.
  const withReference = valid.filter((record) => record.reference)
  if (withReference.length > 0) {
    const existing = await db
      .from('maintenance_records')
      .where('company_id', companyId)
      .whereNotNull('reference')
      .whereIn(
        'device_id',
        withReference.map((record) => record.device_id as number)
      )
      .select('device_id', 'reference')
    const taken = new Set(existing.map((record) => `${record.device_id}:${record.reference}`))
    for (const record of withReference) {
      if (taken.has(`${record.device_id}:${record.reference}`)) {
        errors.push({ row: record.row as number, field: 'reference', key: 'reference_imported' })
        record.row = null
      }
    }
  }
  const toInsert = valid.filter((record) => record.row !== null)
  await db.transaction(async (trx) => {
    const now = new Date()
    for (const record of toInsert) {
      const values: Record<string, unknown> = { ...record, created_at: now, updated_at: now }
      delete values.row
      await trx.table('maintenance_records').insert(values)
    }
    const rolled = new Set<string>()
    for (const record of toInsert) {
      const key = `${record.device_id}:${record.maintenance_type}`
      if (rolled.has(key)) continue
      rolled.add(key)
      await rollMaintenanceSchedule(
        trx,
        record.device_id as number,
        record.maintenance_type as string
      )
    }
  })
  errors.sort((a, b) => a.row - b.row)
  return { created: toInsert.length, errors }
}
