import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { telematicsReports } from '#reports/telematics_reports'
import type { ReportContext, ReportRow } from '#reports/engine/definition'
import { correctOdometer } from '#actions/tracking/correct_odometer'
import { OdometerRebuildJob } from '#jobs/odometer_rebuild_job'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'
import { fleetReports } from '#reports/fleet_reports'
import { maintenanceDue } from '#queries/fleet/maintenance_due'
import { samplesOf, storeHistory, type Segment } from '#tests/functional/reports/report_history'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-04-15T12:00:00', { zone: ZONE })
const STEP = 120

/** Ten days of March: each day parked until 08:00, an hour at 60 km/h, then parked. */
function march() {
  const segments: Segment[] = []
  for (let day = 0; day < 10; day++) {
    segments.push({ samples: 240, speed: 0, ignition: false }) // 00:00-08:00
    segments.push({ samples: 30, speed: 60, ignition: true }) // 08:00-09:00
    segments.push({ samples: 450, speed: 0, ignition: false }) // 09:00-24:00
  }
  const start = DateTime.fromISO('2026-03-01T00:00', { zone: ZONE })
  return samplesOf(start, segments, { step: STEP, odometer: 120_000_000 })
}

async function rows(slug: string, params: Record<string, unknown>, context: ReportContext) {
  const result = await telematicsReports[slug].run(params, context)
  const out: ReportRow[] = []
  for await (const row of result.stream(500)) out.push(row)
  return { rows: out, totals: result.totals }
}

const dm = (km: unknown) => Math.round(Number(km) * 10_000)

async function tripsOf(deviceId: number) {
  return db
    .from('trips')
    .where('device_id', deviceId)
    .orderBy('start_time')
    .select('start_time', 'distance', 'start_odometer', 'end_odometer')
}

// No global transaction: the rebuild job holds its lock in a transaction of its own while the
// rebuild works on other connections (as in production). Each test has a company of its own.
test.group('Odometer correction rebuilds the month', () => {
  test('a correction on 5 March moves the odometers from then on, not the distances', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const context: ReportContext = { companyId: company.id, timezone: ZONE, now: NOW }
    const vehicle = await createVehicle(company, { name: 'Corrected' })
    await storeHistory(vehicle, company.id, march())
    const month = { period: 'last_month' }

    const tripsBefore = await tripsOf(vehicle.id)
    const daysBefore = await rows('total-distance-covered', month, context)
    const wholeBefore = await rows('device-summaries', month, context)
    assert.lengthOf(tripsBefore, 10)

    // The dashboard read 130,000.0 km on 5 March at 12:00 (the tracker had 120,300 km).
    const effectiveAt = DateTime.fromISO('2026-03-05T12:00', { zone: ZONE })
    const result = await correctOdometer({
      companyId: company.id,
      deviceId: vehicle.id,
      effectiveAt: effectiveAt.toJSDate(),
      odometerKm: 130_000,
      note: 'dashboard',
      userId: user.id,
    })
    assert.closeTo(result.previous!, 120_300_000, 1)
    assert.closeTo(result.offset, 9_700_000, 1)

    // Not rebuilt yet; the job rebuilds it without any command.
    const pending = await db.from('odometer_corrections').where('id', result.id).first()
    assert.isNull(pending.rebuilt_at)
    const run = await new OdometerRebuildJob().run(NOW)
    // Corrections other tests left pending are rebuilt by the same run.
    assert.isAtLeast(run.affected, 1)
    const done = await db.from('odometer_corrections').where('id', result.id).first()
    assert.isNotNull(done.rebuilt_at)

    // Trips: the same trips and distances; from 5 March on their odometers are corrected.
    const tripsAfter = await tripsOf(vehicle.id)
    assert.lengthOf(tripsAfter, 10)
    for (const [index, trip] of tripsAfter.entries()) {
      const before = tripsBefore[index]
      assert.closeTo(Number(trip.distance), Number(before.distance), 0.2)
      const shift = new Date(trip.start_time) >= effectiveAt.toJSDate() ? 9_700_000 : 0
      assert.closeTo(Number(trip.start_odometer), Number(before.start_odometer) + shift, 0.2)
    }

    // Daily figures: the 5th shows the corrected end odometer, but no 9,700 km driven.
    const daysAfter = await rows('total-distance-covered', month, context)
    const byDay = (list: ReportRow[]) => new Map(list.map((row) => [String(row.day), row]))
    const before = byDay(daysBefore.rows)
    const after = byDay(daysAfter.rows)
    assert.equal(after.size, before.size)
    for (const [day, row] of after) {
      assert.equal(dm(row.distance), dm(before.get(day)!.distance), day)
    }
    assert.closeTo(Number(after.get('2026-03-05')!.endOdometer), 130_000, 0.01)
    assert.closeTo(Number(after.get('2026-03-06')!.startOdometer), 130_000, 0.01)
    assert.closeTo(Number(after.get('2026-03-04')!.endOdometer), 120_240, 0.01)

    // Days add up exactly to the month, before and after.
    const sum = (list: ReportRow[]) => list.reduce((total, row) => total + dm(row.distance), 0)
    const wholeAfter = await rows('device-summaries', month, context)
    assert.equal(sum(daysAfter.rows), dm(wholeAfter.rows[0].distance))
    assert.equal(dm(wholeAfter.rows[0].distance), dm(wholeBefore.rows[0].distance))
    assert.equal(sum(daysAfter.rows), dm(daysAfter.totals.distance))

    // The history keeps who set it, when and the value.
    const history = await db.from('odometer_corrections').where('device_id', vehicle.id)
    assert.lengthOf(history, 1)
    assert.equal(history[0].created_by, user.id)
    assert.equal(Number(history[0].odometer_km), 130_000)
  })

  test('a correction set on the vehicle page moves maintenance due-by-km; cost per km reads the rebuilt trips', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'owner' })
    const context: ReportContext = { companyId: company.id, timezone: ZONE, now: NOW }
    const vehicle = await createVehicle(company, { name: 'Van 12' })
    await storeHistory(vehicle, company.id, march())
    // The listener left the vehicle at the last odometer it read: 120,600 km.
    await setVehicleState(vehicle, company, { odometer: 120_600_000 })
    // An oil change due at 130,000 km and a brake check at 131,000 km; 1,200 TL of expenses in
    // March for the 600 km the vehicle drove.
    await db.table('maintenance_schedules').multiInsert([
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'oil_change',
        created_at: new Date(),
        interval_km: 10_000,
        next_distance_km: 130_000,
      },
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'brake_check',
        created_at: new Date(),
        interval_km: 20_000,
        next_distance_km: 131_000,
      },
    ])
    await db.table('expenses').insert({
      company_id: company.id,
      device_id: vehicle.id,
      item: 'Tolls',
      amount_cents: 120_000,
      currency: 'TRY',
      expense_date: '2026-03-04',
      created_at: new Date(),
    })
    const due = async () =>
      new Map(
        (await maintenanceDue(company.id, { deviceId: vehicle.id, includeOk: true })).map((row) => [
          row.maintenanceType,
          row,
        ])
      )
    const vehicleRow = async () => {
      const report = await fleetReports['fleet-vehicles'].run({ period: 'last_month' }, context)
      const out: ReportRow[] = []
      for await (const row of report.stream(500)) out.push(row)
      return out.find((row) => row.vehicle === 'Van 12')!
    }
    const before = await due()
    assert.equal(before.get('oil_change')!.odometerKm, 120_600)
    assert.equal(before.get('oil_change')!.kmLeft, 9_400)
    assert.equal(before.get('oil_change')!.state, 'ok')
    const costBefore = await vehicleRow()
    assert.closeTo(Number(costBefore.distance), 600, 0.5)
    assert.closeTo(Number(costBefore.costPerKm), 2, 0.01)

    // On the vehicle page the manager sets the dashboard reading of 5 March 08:30, in the
    // middle of that day's trip: 130,000 km where the tracker had 120,270 km.
    const effectiveAt = DateTime.fromISO('2026-03-05T08:30', { zone: ZONE })
    const local = effectiveAt.setZone(user.timezone ?? ZONE).toFormat("yyyy-LL-dd'T'HH:mm")
    const response = await client
      .post(`/backend/assets/${vehicle.id}/odometer`)
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ effectiveAt: local, odometerKm: 130_000, note: 'dashboard' })
    response.assertStatus(201)
    assert.closeTo(response.body().offset, 9_730_000, 1)
    assert.isAtLeast((await new OdometerRebuildJob().run(NOW)).affected, 1)

    // Maintenance due-by-km reads the corrected odometer: the oil change is 330 km overdue,
    // the brake check due in 670 km; the vehicle page shows the same figures.
    const after = await due()
    assert.equal(after.get('oil_change')!.odometerKm, 130_330)
    assert.equal(after.get('oil_change')!.kmLeft, -330)
    assert.equal(after.get('oil_change')!.state, 'overdue')
    assert.equal(after.get('brake_check')!.kmLeft, 670)
    assert.equal(after.get('brake_check')!.state, 'due')
    const page = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user).withInertia()
    const card = page.inertiaProps.maintenance as { type: string; kmLeft: number; state: string }[]
    assert.deepInclude(
      card.map((item) => [item.type, item.kmLeft, item.state]),
      ['oil_change', -330, 'overdue']
    )

    // Cost per km is the costs over the rebuilt trips' distance: the 9,730 km the correction
    // added inside the 5 March trip are not driven, so it stays 2 TL/km (not 0.12).
    const trips = await tripsOf(vehicle.id)
    const tripKm = trips.reduce((total, trip) => total + Number(trip.distance), 0) / 1000
    const costAfter = await vehicleRow()
    assert.closeTo(Number(costAfter.distance), tripKm, 0.01)
    assert.closeTo(Number(costAfter.distance), 600, 0.5)
    assert.closeTo(Number(costAfter.costPerKm), 1200 / tripKm, 0.01)
    const fifth = trips.find(
      (trip) => DateTime.fromJSDate(new Date(trip.start_time)).setZone(ZONE).day === 5
    )!
    assert.closeTo(Number(fifth.end_odometer), 130_030_000, 1)
    assert.closeTo(Number(fifth.distance), 60_000, 1)
  })

  test('a correction inside a trip keeps the trip distance', async ({ assert }) => {
    const { company } = await createMember()
    const vehicle = await createVehicle(company)
    await storeHistory(vehicle, company.id, march())
    const tripsBefore = await tripsOf(vehicle.id)
    const effectiveAt = DateTime.fromISO('2026-03-03T08:31', { zone: ZONE })
    await correctOdometer({
      companyId: company.id,
      deviceId: vehicle.id,
      effectiveAt: effectiveAt.toJSDate(),
      odometerKm: 50_000,
      note: null,
      userId: null,
    })
    await new OdometerRebuildJob().run(NOW)
    const tripsAfter = await tripsOf(vehicle.id)
    assert.lengthOf(tripsAfter, 10)
    assert.closeTo(Number(tripsAfter[2].distance), Number(tripsBefore[2].distance), 0.2)
    assert.isBelow(Number(tripsAfter[3].start_odometer), 50_100_000)
  })

  test("a day's distance never exceeds what the top speed allows", async ({ assert }) => {
    const { company } = await createMember()
    const context: ReportContext = { companyId: company.id, timezone: ZONE, now: NOW }
    const vehicle = await createVehicle(company)
    const samples = march()
    // On 2 March the tracker's odometer leaps 280,000 km at 08:30 and stays there.
    const leap = DateTime.fromISO('2026-03-02T08:30', { zone: ZONE })
    for (const sample of samples) if (sample.time >= leap) sample.odometer += 280_000_000
    await storeHistory(vehicle, company.id, samples)
    const days = await rows('total-distance-covered', { period: 'last_month' }, context)
    const second = days.rows.find((row) => row.day === '2026-03-02')!
    // The day reported 24 hours (its last fix before midnight to its last fix of the day).
    assert.isAtMost(Number(second.distance), 300 * 24)
    assert.isAbove(Number(second.distance), 60)
  })
})
