import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'
import { mailbox } from '#tests/helpers/mailbox'
import { routeTable } from '#shared/route_table'
import { MaintenanceReminderJob, type MaintenanceReminder } from '#jobs/maintenance_reminder_job'
import { maintenanceDue } from '#queries/fleet/maintenance_due'

const schedulePath = routeTable['fleet.maintenance-schedule'].en
const recordsPath = routeTable['fleet.maintenance-records'].en

const setOdometerKm = (deviceId: number, km: number) =>
  db
    .from('device_states')
    .where('device_id', deviceId)
    .update({ odometer: km * 1000 })

test.group('Maintenance due by date or kilometres', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an odometer crossing the next distance makes an item due, then overdue, before its date', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company, { name: '34 FT 001' })
    await setVehicleState(vehicle, company, { odometer: 5_000_000 })
    const today = DateTime.utc().startOf('day')
    const nextDate = today.plus({ days: 120 }).toISODate()!

    const created = await client
      .post(schedulePath)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', schedulePath)
      .json({
        device_id: vehicle.id,
        maintenance_type: 'oil_change',
        interval_days: 180,
        interval_km: 10000,
        next_date: nextDate,
        next_distance_km: 10000,
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')

    const stateOf = async () => {
      const response = await client
        .get(`${schedulePath}/data?fields=state,km_left,days_left,odometer_km`)
        .loginAs(user)
      return response.body().data[0]
    }
    const reminders: MaintenanceReminder[] = []
    const job = new MaintenanceReminderJob(undefined, (reminder) => reminders.push(reminder))
    const mine = () => reminders.filter((reminder) => reminder.companyId === company.id)

    // 5,000 km to go and 120 days: nothing is due.
    assert.deepInclude(await stateOf(), { state: 'ok', km_left: 5000, days_left: 120 })
    await job.run(DateTime.now())
    assert.lengthOf(mine(), 0)
    const dashboard = await client.get('/backend').loginAs(user).withInertia()
    assert.deepEqual(dashboard.inertiaProps.maintenanceDue, [])

    // The vehicle drives to 9,200 km: within the 1,000 km window, due long before the date.
    await setOdometerKm(vehicle.id, 9200)
    assert.deepInclude(await stateOf(), { state: 'due', km_left: 800, odometer_km: 9200 })
    mailbox.clear()
    await job.run(DateTime.now())
    assert.lengthOf(mine(), 1)
    assert.deepEqual(mine()[0].recipients, [user.email])
    const mail = mailbox.lastTo(user.email)
    assert.include(mail.text, 'Oil change of 34 FT 001')
    assert.include(mail.text, 'Oil change')
    assert.include(mail.text, '/backend/fleet/maintenance-schedule')
    // The manager's in-app inbox has it too, worded in their language.
    const inbox = await client.get('/backend/notifications').loginAs(user)
    inbox.assertStatus(200)
    assert.include(JSON.stringify(inbox.body()), 'Maintenance due: 34 FT 001')
    // Once per item: the next run does not remind again.
    await job.run(DateTime.now())
    assert.lengthOf(mine(), 1)
    assert.lengthOf(await db.from('notifications').where('user_id', user.id), 1)

    // It drives past 10,000 km: overdue by kilometres while the date is 120 days away.
    await setOdometerKm(vehicle.id, 10050)
    assert.deepInclude(await stateOf(), { state: 'overdue', km_left: -50, days_left: 120 })
    const [due] = await maintenanceDue(company.id)
    assert.deepInclude(due, { state: 'overdue', maintenanceType: 'oil_change', kmLeft: -50 })
    const page = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user).withInertia()
    assert.deepInclude(page.inertiaProps.maintenance[0], { type: 'oil_change', state: 'overdue' })
    const again = await client.get('/backend').loginAs(user).withInertia()
    assert.deepInclude(again.inertiaProps.maintenanceDue[0], {
      vehicle: '34 FT 001',
      state: 'overdue',
    })
    await job.run(DateTime.now())
    assert.lengthOf(mine(), 1)
    // The vehicle page's maintenance card and the dashboard, rendered on the server.
    const vehiclePage = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user)
    assert.include(vehiclePage.text(), 'Oil change')
    assert.include(vehiclePage.text(), '50 km over')
    const home = await client.get('/tr/panel').loginAs(user)
    assert.include(home.text(), 'Yaklaşan bakımlar')
    assert.include(home.text(), 'Yağ değişimi')

    // Completing the oil change rolls the schedule forward by its interval.
    const done = await client
      .post(recordsPath)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', recordsPath)
      .json({
        record_date: today.toISODate(),
        device_id: vehicle.id,
        maintenance_type: 'oil_change',
        completed: true,
        distance_km: 10050,
      })
      .redirects(0)
    done.assertFlashMessage('success', 'Record created successfully!')
    const schedule = await db
      .from('maintenance_schedules')
      .where('device_id', vehicle.id)
      .select('next_distance_km', db.raw(`to_char(next_date, 'YYYY-MM-DD') as next_date`))
      .firstOrFail()
    assert.deepEqual(schedule, {
      next_distance_km: 20050,
      next_date: today.plus({ days: 180 }).toISODate(),
    })
    assert.deepInclude(await stateOf(), { state: 'ok', km_left: 10000 })

    // The next cycle is reminded of again when it falls due.
    await setOdometerKm(vehicle.id, 19500)
    await job.run(DateTime.now())
    assert.lengthOf(mine(), 2)
  })

  test('a schedule item left without next values starts one interval from today and the odometer', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    await setVehicleState(vehicle, company, { odometer: 42_400_000 })
    const created = await client
      .post(schedulePath)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', schedulePath)
      .json({
        device_id: vehicle.id,
        maintenance_type: 'wheel_alignment',
        interval_days: 365,
        interval_km: 20000,
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const row = await db
      .from('maintenance_schedules')
      .where('device_id', vehicle.id)
      .select('next_distance_km', db.raw(`to_char(next_date, 'YYYY-MM-DD') as next_date`))
      .firstOrFail()
    assert.deepEqual(row, {
      next_distance_km: 62400,
      next_date: DateTime.utc().startOf('day').plus({ days: 365 }).toISODate(),
    })
  })

  test('an item without a distance falls due by its date; the job reminds in the manager language', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    await db.from('users').where('id', user.id).update({ locale: 'tr' })
    const vehicle = await createVehicle(company, { name: '06 ABC 42' })
    await setVehicleState(vehicle, company, { odometer: 1_000_000 })
    const today = DateTime.utc().startOf('day')
    await db.table('maintenance_schedules').insert([
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'brake_check',
        interval_days: 365,
        next_date: today.plus({ days: 3 }).toISODate(),
        created_at: new Date(),
      },
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'annual_inspection',
        interval_days: 365,
        next_date: today.minus({ days: 2 }).toISODate(),
        created_at: new Date(),
      },
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'coolant_flush',
        interval_days: 730,
        next_date: today.plus({ days: 60 }).toISODate(),
        created_at: new Date(),
      },
    ])
    const due = await maintenanceDue(company.id)
    assert.deepEqual(
      due.map((item) => [item.maintenanceType, item.state]),
      [
        ['annual_inspection', 'overdue'],
        ['brake_check', 'due'],
      ]
    )
    // Another company sees none of it.
    const other = await createMember({ role: 'owner' })
    assert.deepEqual(await maintenanceDue(other.company.id), [])
    const foreign = await client.get(`${schedulePath}/data`).loginAs(other.user)
    assert.deepEqual(foreign.body().data, [])

    mailbox.clear()
    const reminders: MaintenanceReminder[] = []
    await new MaintenanceReminderJob(undefined, (reminder) => reminders.push(reminder)).run(
      DateTime.now()
    )
    assert.lengthOf(
      reminders.filter((reminder) => reminder.companyId === company.id),
      2
    )
    const turkish = mailbox.lastTo(user.email).text
    assert.include(turkish, '06 ABC 42')
    assert.include(turkish, 'sonraki tarih')
    assert.include(turkish, '/tr/panel/filo/bakim-takvimi')
  })
})
