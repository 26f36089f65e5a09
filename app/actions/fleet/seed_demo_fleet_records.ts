import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { registerFleet, demoOdometerKm, demoVehicles } from '#tracking/demo_fleet'
import { tripDriverSql } from '#tracking/rebuild'
import { seedDemoWorkshop } from '#actions/fleet/seed_demo_workshop'

/** Vehicles of the demo fleet that get records (the demo fleet of `npm start` drives 12). */
const DEMO_VEHICLES = 12

const lists = {
  regions: ['Marmara', 'Aegean', 'Central Anatolia', 'Harju (Tallinn)'],
  departments: ['Logistics', 'Sales', 'Field service'],
  expense_categories: ['Tolls', 'Parking', 'Cleaning', 'Spare parts', 'Fuel'],
  traffic_fine_types: ['Speeding', 'Parking', 'Red light', 'Seat belt'],
  insurance_types: ['Compulsory traffic insurance', 'Comprehensive (kasko)'],
}

/**
 * The demo company's fleet records (README "The two commands"): its reference lists, the
 * demo fleet's vehicles (registered here already, the simulator finds them), drivers with a
 * region and department, and a year of realistic records: tyres, expenses, insurance
 * policies, fines, an accident, rentals, services, paperwork, maintenance records and a
 * maintenance schedule set against each vehicle's own odometer (a few items due soon, none
 * absurdly overdue, so the first reminder run sends a handful of e-mails, not one per item),
 * one insurance ending within the renewal window, and a workshop (seed_demo_workshop.ts).
 * Each vehicle's driver is assigned from before the backfilled history, so its trips have a
 * driver. Runs once: a company that already has fleet records is left alone.
 */
export async function seedDemoFleetRecords(companyName: string) {
  const company = await db.from('companies').where('name', companyName).first()
  if (!company) return false
  if (await db.from('maintenance_schedules').where('company_id', company.id).first()) return false
  const demoFleet = demoVehicles(DEMO_VEHICLES)
  await registerFleet(companyName, demoFleet, { skipRefused: true })
  const demoIndexOf = new Map(demoFleet.map((vehicle) => [vehicle.imei, vehicle.index]))

  await db.transaction(async (trx) => {
    const now = new Date()
    const ids: Record<string, number[]> = {}
    for (const [table, names] of Object.entries(lists)) {
      ids[table] = []
      for (const name of names) ids[table].push(await upsertNamed(trx, table, company.id, name))
    }
    const rentalCompany = await upsertNamed(
      trx,
      'rental_companies',
      company.id,
      'Anadolu Filo Kiralama',
      {
        contact_name: 'Selin Kaya',
        phone: '+90 216 555 01 10',
        email: 'filo@anadolukiralama.example',
        city: 'İstanbul',
      }
    )
    const servicePoints = [
      await upsertNamed(trx, 'service_points', company.id, 'Ümraniye Authorised Service', {
        phone: '+90 216 555 02 20',
        city: 'İstanbul',
      }),
      await upsertNamed(trx, 'service_points', company.id, 'Tallinn Auto Service', {
        phone: '+372 600 1234',
        city: 'Tallinn',
      }),
    ]

    const driverNames = [
      'Ahmet Yılmaz',
      'Ayşe Demir',
      'Mehmet Kaya',
      'Elif Şahin',
      'Mart Tamm',
      'Kadri Kask',
    ]
    const drivers: number[] = []
    for (const [index, name] of driverNames.entries()) {
      const existing = await trx.from('drivers').where({ company_id: company.id, name }).first()
      if (existing) {
        drivers.push(existing.id)
        continue
      }
      const [row] = await trx
        .table('drivers')
        .insert({
          company_id: company.id,
          name,
          status: 'active',
          phone: `+90 532 555 ${String(10 + index).padStart(2, '0')} 00`,
          licence_number: `B-${34000 + index * 17}`,
          region_id: ids.regions[index < 4 ? index % 3 : 3],
          department_id: ids.departments[index % 3],
          created_at: now,
        })
        .returning('id')
      drivers.push(row.id)
    }

    const vehicles = await trx
      .from('devices')
      .where('company_id', company.id)
      .orderBy('id')
      .limit(DEMO_VEHICLES)
      .select('id', 'name', 'imei')
    const states = await trx
      .from('device_states')
      .whereIn(
        'device_id',
        vehicles.map((vehicle) => vehicle.id)
      )
      .whereNotNull('odometer')
      .select('device_id', 'odometer')
    const reportedKm = new Map<number, number>(
      states.map((state) => [state.device_id, Math.floor(Number(state.odometer) / 1000)])
    )
    const today = DateTime.now().startOf('day')
    const day = (offset: number) => today.plus({ days: offset }).toISODate()!
    const rows: Record<string, Record<string, unknown>[]> = {
      tire_records: [],
      expenses: [],
      accidents: [],
      insurances: [],
      paperworks: [],
      traffic_fines: [],
      rental_records: [],
      service_records: [],
      maintenance_records: [],
      maintenance_schedules: [],
    }
    const base = { company_id: company.id, created_at: now }
    const workshopVehicles: { id: number; driverId: number; odometerKm: number }[] = []
    for (const [index, vehicle] of vehicles.entries()) {
      const driver = drivers[index % drivers.length]
      const region = ids.regions[index % ids.regions.length]
      const department = ids.departments[index % ids.departments.length]
      const placement = {
        device_id: vehicle.id,
        driver_id: driver,
        region_id: region,
        department_id: department,
      }
      const rental = index % 4 === 3
      const odometerKm =
        reportedKm.get(vehicle.id) ?? demoOdometerKm(demoIndexOf.get(vehicle.imei) ?? index)
      workshopVehicles.push({ id: vehicle.id, driverId: driver, odometerKm })
      // Every fourth vehicle's oil change falls due within the reminder window; the others
      // between 1,600 and 8,500 km ahead. The last one was done 10,000 km before the next.
      const nextOilChangeKm =
        odometerKm + (index % 4 === 0 ? 400 : 1_600 + ((index * 1_370) % 6_900))
      const lastOilChangeKm = nextOilChangeKm - 10_000
      await trx
        .from('devices')
        .where('id', vehicle.id)
        .update({
          driver_id: driver,
          region_id: region,
          department_id: department,
          ownership: rental ? 'rental' : 'own',
        })

      rows.tire_records.push({
        ...base,
        ...placement,
        change_date: day(-40 - index * 9),
        axle_info: 'Front and rear axle',
        front_count: 2,
        rear_count: 2,
        left_count: 2,
        right_count: 2,
        mounted_tire:
          index % 2 ? 'Michelin Alpin 6 205/55 R16' : 'Continental WinterContact 205/55 R16',
        removed_tire: 'Summer tyres 205/55 R16',
        brand: index % 2 ? 'Michelin' : 'Continental',
        spare_count: 1,
        vehicle_km: Math.max(0, odometerKm - 2_500 - index * 300),
        status: 'in_use',
      })
      for (const [n, [item, category, amount]] of (
        [
          ['Bosphorus bridge tolls', 0, 48000],
          ['Car park, Kadıköy', 1, 12000],
          ['Interior and exterior cleaning', 2, 35000],
        ] as const
      ).entries()) {
        rows.expenses.push({
          ...base,
          ...placement,
          expense_date: day(-3 - n * 11 - index),
          item,
          category_id: ids.expense_categories[category],
          amount_cents: amount + index * 500,
          currency: 'TRY',
        })
      }
      rows.insurances.push(
        {
          ...base,
          device_id: vehicle.id,
          type_id: ids.insurance_types[0],
          policy_number: `TRF-2026-${String(1000 + index)}`,
          start_date: day(-200 + index * 5),
          end_date: day(165 + index * 5),
          policy_amount_cents: 980000,
          coverage_amount_cents: 1_500_000_00,
          currency: 'TRY',
          insurer: 'Anadolu Sigorta',
          agent: 'Kadıköy Sigorta Acentesi',
          agent_contact_name: 'Burak',
          agent_contact_surname: 'Aydın',
          agent_email: 'burak.aydin@acente.example',
          agent_phone: '+90 216 555 03 30',
        },
        {
          ...base,
          device_id: vehicle.id,
          type_id: ids.insurance_types[1],
          policy_number: `KSK-2026-${String(2000 + index)}`,
          // The first vehicle's kasko ends within the renewal window (one reminder, listed).
          start_date: day(-340 + index * 3),
          end_date: day(index === 0 ? 12 : 25 + index * 3),
          policy_amount_cents: 3_200_000,
          coverage_amount_cents: 95_000_000,
          additional_coverage_cents: 10_000_000,
          currency: 'TRY',
          insurer: 'Allianz Sigorta',
          agent: 'Kadıköy Sigorta Acentesi',
          agent_contact_name: 'Burak',
          agent_contact_surname: 'Aydın',
          agent_email: 'burak.aydin@acente.example',
          agent_phone: '+90 216 555 03 30',
        }
      )
      rows.service_records.push({
        ...base,
        device_id: vehicle.id,
        service_point_id: servicePoints[index % 2],
        action_performed: 'Engine oil and oil filter replaced, brakes checked',
        reason: 'periodic_maintenance',
        entry_date: day(-60 - index * 4),
        exit_date: day(-59 - index * 4),
        km: Math.max(0, lastOilChangeKm),
        invoice_number: `SRV-${24100 + index}`,
        officer: 'Hakan Çelik',
        amount_cents: 650000 + index * 10000,
        currency: 'TRY',
        phone: '+90 216 555 02 20',
      })
      rows.maintenance_records.push({
        ...base,
        device_id: vehicle.id,
        maintenance_type: 'oil_change',
        record_date: day(-60 - index * 4),
        description: 'Periodic oil change at the authorised service',
        completed: true,
        due: false,
        period: 'Every 10,000 km or 6 months',
        reason: 'Engine oil 5W-30, oil filter',
        distance_km: Math.max(0, lastOilChangeKm),
      })
      rows.maintenance_schedules.push(
        {
          ...base,
          device_id: vehicle.id,
          maintenance_type: 'oil_change',
          interval_days: 180,
          interval_km: 10000,
          next_date: day(120 - index * 4),
          next_distance_km: nextOilChangeKm,
        },
        {
          ...base,
          device_id: vehicle.id,
          maintenance_type: 'annual_inspection',
          interval_days: 365,
          next_date: day(10 + index * 30),
        },
        {
          ...base,
          device_id: vehicle.id,
          maintenance_type: 'tire_rotation',
          interval_km: 10000,
          next_distance_km: odometerKm + 3_000 + index * 450,
        }
      )
      if (index % 3 === 0) {
        rows.traffic_fines.push({
          ...base,
          ...placement,
          type_id: ids.traffic_fine_types[index % 4],
          fine_date: day(-20 - index),
          notification_date: day(-15 - index),
          payment_due_date: day(10 - index),
          serial_number: `TC-${index}A`,
          sequence_number: String(881200 + index),
          amount_cents: index % 2 ? 99300 : 202500,
          currency: 'TRY',
          issuing_unit: 'İstanbul Emniyet Müdürlüğü Trafik Denetleme',
          city_district: 'İstanbul / Kadıköy',
          location: 'D-100 Göztepe',
          article: '51/2-a',
          status: ['unpaid', 'paid', 'discounted_payment', 'delayed_payment'][index % 4],
        })
      }
      if (index === 2 || index === 7) {
        rows.accidents.push({
          ...base,
          ...placement,
          accident_date: day(-90 - index),
          file_number: `KZ-2026-${index}4`,
          service_name: 'Ümraniye Authorised Service',
          description: 'Rear bumper damaged while reversing in the depot; no injuries.',
        })
      }
      if (rental) {
        rows.rental_records.push({
          ...base,
          device_id: vehicle.id,
          rental_company_id: rentalCompany,
          start_date: day(-400),
          end_date: day(330),
          delivery_date: day(-399),
          fee_cents: 2_850_000,
          deposit_cents: 5_000_000,
          currency: 'TRY',
          max_km: 40000,
          payment_period: 'monthly',
          description: '24-month operational lease, maintenance included',
        })
      }
      rows.paperworks.push({
        ...base,
        device_id: vehicle.id,
        head_driver_id: driver,
        vehicle_manager: 'Demo Operator',
        paper_date: day(-30 - index),
        content: 'Registration certificate and compulsory insurance copy in the glove box',
      })
    }
    for (const [table, values] of Object.entries(rows)) {
      if (values.length > 0) await trx.table(table).multiInsert(values)
    }
    const owner = await trx
      .from('team_members')
      .where('company_id', company.id)
      .where('role', 'owner')
      .select('user_id')
      .first()
    await seedDemoWorkshop(trx, {
      companyId: company.id,
      userId: owner ? Number(owner.user_id) : null,
      vehicles: workshopVehicles,
      day,
      now,
    })
    // The drivers took their vehicles when the vehicles joined the fleet, not at this seed:
    // their assignments cover the backfilled history, and trips already written get them.
    await trx
      .from('driver_assignments')
      .where('company_id', company.id)
      .whereNull('ended_at')
      .update({ started_at: today.minus({ days: 400 }).toJSDate() })
    await trx.rawQuery(
      `UPDATE trips t SET driver_id = ${tripDriverSql('t')}
        WHERE t.company_id = ? AND t.driver_id IS NULL`,
      [company.id]
    )
  })
  return true
}

async function upsertNamed(
  trx: TransactionClientContract,
  table: string,
  companyId: number,
  name: string,
  extra: Record<string, unknown> = {}
) {
  const existing = await trx.from(table).where({ company_id: companyId, name }).first()
  if (existing) return existing.id as number
  const [row] = await trx
    .table(table)
    .insert({ company_id: companyId, name, ...extra, created_at: new Date() })
    .returning('id')
  return row.id as number
}
