import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'
import { vehicleCheckItems } from '#shared/vehicle_check'

export const ZONE = 'Europe/Istanbul'
/** "Now" of the fixed dataset: 20 March 2026, noon in Istanbul. */
export const NOW = DateTime.fromISO('2026-03-20T12:00:00', { zone: ZONE })
export const MARCH = { period: 'custom', from: '2026-03-01', to: '2026-03-31' }

const stamps = () => ({ created_at: new Date(), updated_at: new Date() })

async function insert(table: string, values: Record<string, unknown>) {
  const [row] = await db
    .table(table)
    .insert({ ...stamps(), ...values })
    .returning('id')
  return Number(row.id ?? row)
}

function scores(value: number, overrides: Record<string, number> = {}) {
  return Object.fromEntries(vehicleCheckItems.map((item) => [item, overrides[item] ?? value]))
}

/**
 * A small fleet in March 2026 (figures hand-computed in the specs): Van (driver Ali) and
 * Truck (driver Veli), their trips, fines, an accident and its repair, expenses, services,
 * a maintenance record, an insurance, leave, checks and two schedule items of the Van; and
 * another company with a vehicle, a driver and a fine of its own.
 */
export async function fleetDataset(role: 'owner' | 'manager' | 'user' = 'owner') {
  const { user, company } = await createMember({ role })
  user.timezone = ZONE
  await user.save()
  await user.refresh()
  const companyId = company.id
  const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
  const truck = await createVehicle(company, { name: 'Truck', plate: '34 TRK 2' })
  const ali = await insert('drivers', { company_id: companyId, name: 'Ali' })
  const veli = await insert('drivers', { company_id: companyId, name: 'Veli' })

  const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE })
  await addTrip(van, company, { start: at('2026-03-03T10:00'), distance: 100_000, duration: 3600 })
  await addTrip(truck, company, { start: at('2026-03-04T10:00'), distance: 50_000, duration: 1800 })
  // Outside the period (the last day of February, 23:30 in Istanbul).
  await addTrip(van, company, { start: at('2026-02-28T23:30'), distance: 7000, duration: 600 })
  await db.from('trips').where('device_id', van.id).update({ driver_id: ali })
  await db.from('trips').where('device_id', truck.id).update({ driver_id: veli })

  const fine = (values: Record<string, unknown>) =>
    insert('traffic_fines', { company_id: companyId, currency: 'TRY', ...values })
  await fine({
    device_id: van.id,
    driver_id: ali,
    fine_date: '2026-03-05',
    amount_cents: 100_000,
    status: 'unpaid',
  })
  await fine({
    device_id: van.id,
    driver_id: ali,
    fine_date: '2026-03-10',
    amount_cents: 50_000,
    status: 'paid',
  })
  await fine({
    device_id: truck.id,
    driver_id: veli,
    fine_date: '2026-03-12',
    amount_cents: 30_000,
    status: 'discounted_payment',
  })
  await fine({
    device_id: truck.id,
    driver_id: veli,
    fine_date: '2026-02-28',
    amount_cents: 99_900,
    status: 'unpaid',
  })

  await insert('accidents', {
    company_id: companyId,
    device_id: van.id,
    driver_id: ali,
    accident_date: '2026-03-06',
    file_number: 'F-1',
  })
  const service = (values: Record<string, unknown>) =>
    insert('service_records', {
      company_id: companyId,
      device_id: van.id,
      currency: 'TRY',
      ...values,
    })
  await service({ reason: 'accident', entry_date: '2026-03-08', amount_cents: 250_000 })
  await service({ reason: 'periodic_maintenance', entry_date: '2026-03-15', amount_cents: 40_000 })
  await insert('expenses', {
    company_id: companyId,
    device_id: van.id,
    expense_date: '2026-03-02',
    item: 'Fuel',
    amount_cents: 75_000,
    currency: 'TRY',
  })
  await insert('maintenance_records', {
    company_id: companyId,
    device_id: van.id,
    maintenance_type: 'oil_change',
    record_date: '2026-03-15',
    completed: true,
    cost_cents: 30_000,
    currency: 'TRY',
  })
  await insert('insurances', {
    company_id: companyId,
    device_id: truck.id,
    policy_number: 'P-1',
    start_date: '2026-03-01',
    end_date: '2027-02-28',
    policy_amount_cents: 120_000,
    currency: 'TRY',
  })
  await insert('maintenance_schedules', {
    company_id: companyId,
    device_id: van.id,
    maintenance_type: 'oil_change',
    interval_days: 180,
    next_date: '2026-03-10',
  })
  await insert('maintenance_schedules', {
    company_id: companyId,
    device_id: van.id,
    maintenance_type: 'brake_check',
    interval_days: 365,
    next_date: '2026-03-25',
  })
  await insert('leave_requests', {
    company_id: companyId,
    driver_id: ali,
    start_date: '2026-02-27',
    end_date: '2026-03-02',
    status: 'approved',
  })
  await insert('leave_requests', {
    company_id: companyId,
    driver_id: veli,
    start_date: '2026-03-10',
    end_date: '2026-03-12',
    status: 'pending',
  })
  const check = (values: Record<string, unknown>) =>
    insert('vehicle_checks', { company_id: companyId, type: 'daily', ...values })
  await check({ device_id: van.id, driver_id: ali, check_date: '2026-03-07', ...scores(5) })
  await check({
    device_id: truck.id,
    driver_id: veli,
    check_date: '2026-03-09',
    ...scores(4, { tyres: 2 }),
  })
  await check({ device_id: truck.id, driver_id: veli, check_date: '2026-03-16', ...scores(4) })

  const other = await createMember()
  const foreign = await createVehicle(other.company, { name: 'Foreign', plate: '06 FOR 1' })
  const foreignDriver = await insert('drivers', {
    company_id: other.company.id,
    name: 'Their driver',
  })
  await insert('traffic_fines', {
    company_id: other.company.id,
    device_id: foreign.id,
    fine_date: '2026-03-05',
    amount_cents: 12_300,
    currency: 'TRY',
    status: 'unpaid',
  })
  return { user, company, van, truck, ali, veli, other, foreign, foreignDriver }
}
