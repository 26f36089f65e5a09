import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import { seedDemoFleetRecords } from '#actions/fleet/seed_demo_fleet_records'
import { maintenanceDue } from '#queries/fleet/maintenance_due'
import { demoOdometerKm, demoVehicles } from '#tracking/simulator/demo_fleet'
import { MaintenanceReminderJob, type MaintenanceReminder } from '#jobs/maintenance_reminder_job'
import { DateTime } from 'luxon'
import { driverBehaviorReport } from '#reports/definitions/driver_behavior_report'
import { samplesOf, storeHistory } from '#tests/functional/reports/report_history'

test.group('Demo fleet records', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the demo company gets its vehicles and a year of records, once', async ({ assert }) => {
    const company = await Company.create({ name: 'Demo Seed Co', hiddenMenus: [] })
    assert.isTrue(await seedDemoFleetRecords('Demo Seed Co'))
    const count = async (table: string) =>
      Number((await db.from(table).where('company_id', company.id).count('* as n').first()).n)
    assert.equal(await count('devices'), 12)
    assert.equal(await count('maintenance_schedules'), 36)
    for (const table of [
      'tire_records',
      'expenses',
      'accidents',
      'insurances',
      'paperworks',
      'traffic_fines',
      'rental_records',
      'service_records',
      'maintenance_records',
      'drivers',
      'regions',
      'inspection_items',
      'inspections',
      'inventory_items',
    ]) {
      assert.isAbove(await count(table), 0, table)
    }
    // The workshop tells the inspection → issue → work order story: two failed inspections
    // opened two issues, the first of which is grouped into a work order in progress.
    const issues = await db.from('fleet_issues').where('company_id', company.id).orderBy('id')
    assert.lengthOf(issues, 2)
    assert.equal(
      Number((await count('inspections')) - 2),
      Number(
        (
          await db
            .from('inspections')
            .where('company_id', company.id)
            .where('result', 'passed')
            .count('* as n')
            .first()
        ).n
      )
    )
    const [order] = await db.from('work_orders').where('company_id', company.id)
    assert.equal(order.status, 'in_progress')
    assert.equal(issues[0].work_order_id, order.id)
    assert.equal(issues[0].device_id, order.device_id)
    assert.isNull(issues[1].work_order_id)
    assert.lengthOf(await db.from('work_order_parts').where('work_order_id', order.id), 1)

    // Every record points to the company's own vehicles.
    const foreign = await db
      .from('expenses as e')
      .join('devices as d', 'd.id', 'e.device_id')
      .where('e.company_id', company.id)
      .whereNot('d.company_id', company.id)
    assert.lengthOf(foreign, 0)

    // Every kilometre item is set against the vehicle's own odometer: ahead of it, by at
    // most one interval, never thousands of km overdue.
    const devices = await db.from('devices').where('company_id', company.id).orderBy('id')
    const demoIndex = new Map(demoVehicles(12).map((vehicle) => [vehicle.imei, vehicle.index]))
    const odometerOf = new Map(
      devices.map((device) => [device.id, demoOdometerKm(demoIndex.get(device.imei)!)])
    )
    const schedules = await db
      .from('maintenance_schedules')
      .where('company_id', company.id)
      .whereNotNull('next_distance_km')
    assert.lengthOf(schedules, 24)
    for (const item of schedules) {
      const ahead = item.next_distance_km - odometerOf.get(item.device_id)!
      assert.isAtLeast(ahead, 0, `${item.maintenance_type} of ${item.device_id}`)
      assert.isAtMost(ahead, 10_000, `${item.maintenance_type} of ${item.device_id}`)
    }
    const lastOilChanges = await db
      .from('maintenance_records')
      .where('company_id', company.id)
      .select('device_id', 'distance_km')
    for (const record of lastOilChanges) {
      assert.isBelow(record.distance_km, odometerOf.get(record.device_id)!)
    }

    // The vehicles report their odometers: the first reminder run sends a handful of
    // reminders (a few oil changes due soon, one inspection), not one per item.
    for (const device of devices) {
      await db.table('device_states').insert({
        device_id: device.id,
        company_id: company.id,
        odometer: odometerOf.get(device.id)! * 1000,
        updated_at: new Date(),
      })
    }
    const reminders: MaintenanceReminder[] = []
    await new MaintenanceReminderJob(undefined, (reminder) => reminders.push(reminder)).run(
      DateTime.now()
    )
    const mine = reminders.filter((reminder) => reminder.companyId === company.id)
    assert.isAtLeast(mine.length, 1)
    assert.isAtMost(mine.length, 5)
    const due = await maintenanceDue(company.id, {})
    assert.notInclude(
      due.map((item) => item.state),
      'overdue',
      'nothing is overdue on the first day'
    )

    // As the first vehicle drives past its oil change, the item is overdue by kilometres.
    const first = devices[0]
    const oilChange = schedules.find(
      (item) => item.device_id === first.id && item.maintenance_type === 'oil_change'
    )
    await db
      .from('device_states')
      .where('device_id', first.id)
      .update({ odometer: (oilChange.next_distance_km + 50) * 1000 })
    assert.deepInclude(
      (await maintenanceDue(company.id, { deviceId: first.id })).map((item) => [
        item.maintenanceType,
        item.state,
      ]),
      ['oil_change', 'overdue']
    )

    // Each vehicle's driver covers the backfilled history (from yesterday morning on), so
    // the trips the demo fleet drives have a driver.
    const assignments = await db
      .from('driver_assignments')
      .where('company_id', company.id)
      .whereNull('ended_at')
    assert.lengthOf(assignments, 12)
    for (const assignment of assignments) {
      assert.isBelow(
        new Date(assignment.started_at).getTime(),
        DateTime.now().minus({ days: 2 }).toMillis()
      )
    }

    // The backfilled history (from yesterday morning, no driver card in the frames) is driven
    // by the assigned drivers: driver-behavior ranks them by name, with no unnamed row and no
    // "unattributed" trips.
    const zone = 'Europe/Istanbul'
    const yesterday = DateTime.now().setZone(zone).minus({ days: 1 }).startOf('day')
    for (const device of devices.slice(0, 3)) {
      await storeHistory(
        device,
        company.id,
        samplesOf(
          yesterday.plus({ hours: 7 }),
          [
            { samples: 10, speed: 0, ignition: false },
            { samples: 40, speed: 50, ignition: true },
            { samples: 10, speed: 0, ignition: false },
          ],
          { odometer: odometerOf.get(device.id)! * 1000 }
        )
      )
    }
    const backfilled = await db.from('trips').where('company_id', company.id)
    assert.lengthOf(backfilled, 3)
    for (const trip of backfilled) assert.isNotNull(trip.driver_id, `trip of ${trip.device_id}`)
    const behavior = await driverBehaviorReport.run(
      { period: 'custom', from: yesterday.toISODate(), to: yesterday.toISODate() },
      { companyId: company.id, timezone: zone, now: DateTime.now().setZone(zone) }
    )
    assert.lengthOf(behavior.page.rows, 3)
    for (const row of behavior.page.rows) {
      assert.isString(row.driver)
      assert.isNotEmpty(row.driver)
      assert.isNull(row.attribution)
      assert.isNotNull(row.score)
    }
    // The ranking chart names the same three drivers.
    assert.sameMembers(
      (behavior.chart as { labels: string[] }).labels,
      behavior.page.rows.map((row) => String(row.driver))
    )

    // Seeding again changes nothing.
    assert.isFalse(await seedDemoFleetRecords('Demo Seed Co'))
    assert.equal(await count('maintenance_schedules'), 36)
  })
})
