import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import { seedDemoFleetRecords } from '#actions/fleet/seed_demo_fleet_records'
import { maintenanceDue } from '#queries/fleet/maintenance_due'

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
    ]) {
      assert.isAbove(await count(table), 0, table)
    }
    // Every record points to the company's own vehicles.
    const foreign = await db
      .from('expenses as e')
      .join('devices as d', 'd.id', 'e.device_id')
      .where('e.company_id', company.id)
      .whereNot('d.company_id', company.id)
    assert.lengthOf(foreign, 0)

    // As the first demo vehicle drives 200 km its oil change is overdue by kilometres.
    const first = await db.from('devices').where('company_id', company.id).orderBy('id').first()
    await db.table('device_states').insert({
      device_id: first.id,
      company_id: company.id,
      odometer: 200_000,
      updated_at: new Date(),
    })
    const due = await maintenanceDue(company.id, { deviceId: first.id })
    assert.deepInclude(
      due.map((item) => [item.maintenanceType, item.state]),
      ['oil_change', 'overdue']
    )

    // Seeding again changes nothing.
    assert.isFalse(await seedDemoFleetRecords('Demo Seed Co'))
    assert.equal(await count('maintenance_schedules'), 36)
  })
})
