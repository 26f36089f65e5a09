import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import CompanySetting from '#models/company_setting'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'
import { mailbox } from '#tests/helpers/mailbox'
import { RenewalReminderJob } from '#jobs/renewal_reminder_job'
import { MaintenanceReminderJob, type MaintenanceReminder } from '#jobs/maintenance_reminder_job'
import { maintenanceDue } from '#queries/fleet/maintenance_due'
import { listRenewals } from '#queries/fleet/renewals'

/** The mail's text with quoted-printable undone as UTF-8. */
function utf8Text(raw: string) {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

const now = DateTime.utc(2026, 11, 25, 8, 5)
const day = (days: number) => now.plus({ days }).toISODate()!

async function insurance(companyId: number, deviceId: number, start: string, end: string) {
  await db.table('insurances').insert({
    company_id: companyId,
    device_id: deviceId,
    policy_number: `P-${start}`,
    start_date: start,
    end_date: end,
    created_at: new Date(),
    updated_at: new Date(),
  })
}

async function reminderDays(companyId: number, days: number | null) {
  const settings = await CompanySetting.of(companyId)
  settings.maintenanceReminderDays = days
  await settings.save()
}

// Not in a global transaction: the job claims its renewals in a transaction of its own (as the
// licence expiry job); each test works on companies of its own.
test.group('Renewal reminders', () => {
  test('insurance, inspection, exhaust, rental, licence and document expiry remind the managers once, in their language, within the company days', async ({
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const turkishManager = await User.create({
      email: `renewal-tr-${Date.now()}@example.com`,
      password: 'pw-12345678',
      locale: 'tr',
    })
    await addMember(company, turkishManager, 'manager')
    const member = await User.create({
      email: `renewal-user-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(company, member, 'user')
    await reminderDays(company.id, 30)

    const van = await createVehicle(company, {
      name: 'Van 1',
      plate: '34 RN 101',
      inspection_date: day(10),
      exhaust_date: day(45),
    })
    // The older policy is superseded by the newer one: only the newer is reminded of.
    await insurance(company.id, van.id, day(-365), day(3))
    await insurance(company.id, van.id, day(3), day(20))
    await db.table('rental_records').insert({
      company_id: company.id,
      device_id: van.id,
      start_date: day(-100),
      end_date: day(5),
      created_at: new Date(),
      updated_at: new Date(),
    })
    // A dated document: the route permit renewed last year is superseded by this year's.
    for (const expiry of [day(-357), day(8)]) {
      await db.table('paperworks').insert({
        company_id: company.id,
        device_id: van.id,
        paper_date: day(-365),
        content: 'Route permit  (Istanbul)',
        expiry_date: expiry,
        created_at: new Date(),
      })
    }
    const [driver] = await db
      .table('drivers')
      .insert({
        company_id: company.id,
        name: 'Ayşe Sürücü',
        status: 'active',
        licence_expiry_date: day(25),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const other = await createMember({ role: 'owner' })
    await createVehicle(other.company, { name: 'Foreign van', inspection_date: day(2) })

    mailbox.clear()
    await new RenewalReminderJob().run(now)
    const english = mailbox.lastTo(owner.email).text
    assert.include(english, 'Insurance of Van 1 (34 RN 101) ends on 15.12.2026 (20 days left)')
    assert.include(
      english,
      'Periodic inspection of Van 1 (34 RN 101) is due on 05.12.2026 (10 days left)'
    )
    assert.include(english, 'Rental of Van 1 (34 RN 101) ends on 30.11.2026 (5 days left)')
    assert.include(
      english,
      'Document of Van 1 (34 RN 101): Route permit (Istanbul) expires on 03.12.2026 (8 days left)'
    )
    assert.include(
      utf8Text(mailbox.lastTo(owner.email).raw),
      'Driving licence of Ayşe Sürücü expires on 20.12.2026 (25 days left)'
    )
    assert.notInclude(english, 'Exhaust')
    assert.notInclude(english, '28.11.2026')
    assert.notInclude(english, 'Foreign van')
    const turkish = utf8Text(mailbox.lastTo(turkishManager.email).raw)
    assert.include(
      turkish,
      'Van 1 (34 RN 101) aracının sigortası 15.12.2026 tarihinde bitiyor (20 gün kaldı)'
    )
    assert.include(
      turkish,
      'Van 1 (34 RN 101): Route permit (Istanbul) belgesinin geçerliliği 03.12.2026 tarihinde bitiyor (8 gün kaldı)'
    )
    assert.include(
      turkish,
      'Ayşe Sürücü adlı sürücünün ehliyeti 20.12.2026 tarihinde sona eriyor (25 gün kaldı)'
    )
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(member.email)))
    // The other company is told of its own vehicle only.
    const foreign = mailbox.lastTo(other.user.email).text
    assert.include(foreign, 'Foreign van')
    assert.notInclude(foreign, 'Van 1')

    // In-app: one message per renewal per manager.
    const inbox = await db
      .from('notifications')
      .where('user_id', owner.id)
      .where('company_id', company.id)
      .count('* as n')
    assert.equal(Number(inbox[0].n), 5)
    const recorded = await db
      .from('renewal_reminders')
      .where('company_id', company.id)
      .orderBy('kind')
      .select('kind', 'record_id')
    assert.deepEqual(
      recorded.map((row) => row.kind),
      ['document', 'driver_licence', 'inspection', 'insurance', 'rental']
    )
    assert.isTrue(
      recorded.some(
        (row) => row.kind === 'driver_licence' && Number(row.record_id) === Number(driver.id)
      )
    )

    // The next run tells nothing again.
    mailbox.clear()
    await new RenewalReminderJob().run(now.plus({ hours: 1 }))
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(owner.email)))

    // The inspection done and its next date entered: told again when its time comes.
    await db
      .from('devices')
      .where('id', van.id)
      .update({ inspection_date: day(40) })
    await new RenewalReminderJob().run(now.plus({ days: 1 }))
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(owner.email)))
    await new RenewalReminderJob().run(now.plus({ days: 15 }))
    assert.include(
      mailbox.lastTo(owner.email).text,
      'Periodic inspection of Van 1 (34 RN 101) is due on 04.01.2027 (25 days left)'
    )
    // The exhaust test (45 days ahead at first) is told too once inside the 30 days.
    assert.include(mailbox.lastTo(owner.email).text, 'Exhaust emission test of Van 1')
  })

  test('with no company setting the server default (14 days) decides', async ({ assert }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    await reminderDays(company.id, null)
    await createVehicle(company, { name: 'Default van', inspection_date: day(20) })
    mailbox.clear()
    await new RenewalReminderJob().run(now)
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(owner.email)))
    await reminderDays(company.id, 21)
    await new RenewalReminderJob().run(now)
    assert.include(mailbox.lastTo(owner.email).text, 'Periodic inspection of Default van')
  })

  test('a vehicle document with an expiry date is a renewal: entered on the form, listed, reminded once in both languages', async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const turkish = await User.create({
      email: `renewal-doc-tr-${Date.now()}@example.com`,
      password: 'pw-12345678',
      locale: 'tr',
    })
    await addMember(company, turkish, 'admin')
    await reminderDays(company.id, 30)
    const van = await createVehicle(company, { name: 'Doc van', plate: '34 DOC 1' })
    const page = '/backend/fleet/paperwork'
    const post = (body: Record<string, unknown>) =>
      client
        .post(page)
        .withCsrfToken()
        .loginAs(owner)
        .header('referer', page)
        .json({ device_id: van.id, paper_date: day(-300), ...body })
        .redirects(0)

    // The expiry may not come before the document's date.
    const refused = await post({ content: 'Route permit', expiry_date: day(-400) })
    assert.deepEqual(Object.keys(refused.flashMessages().inputErrorsBag ?? {}), ['expiry_date'])
    ;(await post({ content: 'Route permit', expiry_date: day(12) })).assertFlashMessage(
      'success',
      'Record created successfully!'
    )
    // Without an expiry date a document is no renewal; one far ahead waits for its time.
    await post({ content: 'Purchase contract' })
    await post({ content: 'Tachograph calibration', expiry_date: day(90) })
    const stored = await db.from('paperworks').where('company_id', company.id).orderBy('id')
    assert.equal(
      stored.map((row) =>
        row.expiry_date ? DateTime.fromJSDate(new Date(row.expiry_date)).toISODate() : null
      )[0],
      day(12)
    )

    const listed = await listRenewals(
      { companyId: company.id, deviceGroupIds: null },
      { today: day(0), kind: 'document' }
    )
    assert.deepEqual(
      listed.map((row) => [row.subject, row.dueDate, row.daysLeft]),
      [['Doc van (34 DOC 1): Route permit', day(12), 12]]
    )

    mailbox.clear()
    await new RenewalReminderJob().run(now)
    assert.include(
      mailbox.lastTo(owner.email).text,
      'Document of Doc van (34 DOC 1): Route permit expires on 07.12.2026 (12 days left)'
    )
    assert.include(
      utf8Text(mailbox.lastTo(turkish.email).raw),
      'Doc van (34 DOC 1): Route permit belgesinin geçerliliği 07.12.2026 tarihinde bitiyor (12 gün kaldı)'
    )
    assert.notInclude(mailbox.lastTo(owner.email).text, 'Tachograph')
    const inbox = await db
      .from('notifications')
      .where('user_id', owner.id)
      .whereRaw(`data->>'renewalKind' = 'document'`)
    assert.lengthOf(inbox, 1)
    // Once: the next run tells nothing new.
    mailbox.clear()
    await new RenewalReminderJob().run(now.plus({ hours: 1 }))
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(owner.email)))
  })
})

test.group('Maintenance reminders follow the company setting', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the reminder interval (days) is the company one and the mail omits what is missing', async ({
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company, { name: '34 MR 126' })
    await setVehicleState(vehicle, company, { odometer: 125_900_000 })
    const today = DateTime.utc().startOf('day')
    await db.table('maintenance_schedules').insert([
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'oil_change',
        interval_km: 10000,
        next_distance_km: 126400,
        created_at: new Date(),
      },
      {
        company_id: company.id,
        device_id: vehicle.id,
        maintenance_type: 'brake_check',
        interval_days: 365,
        next_date: today.plus({ days: 25 }).toISODate(),
        created_at: new Date(),
      },
    ])
    // 25 days ahead is not due under the default 14 days, but is under the company's 30.
    assert.deepEqual(
      (await maintenanceDue(company.id)).map((item) => item.maintenanceType),
      ['oil_change']
    )
    await reminderDays(company.id, 30)
    assert.sameMembers(
      (await maintenanceDue(company.id)).map((item) => item.maintenanceType),
      ['oil_change', 'brake_check']
    )

    mailbox.clear()
    const reminders: MaintenanceReminder[] = []
    await new MaintenanceReminderJob(undefined, (reminder) => reminders.push(reminder)).run(
      DateTime.now()
    )
    assert.lengthOf(
      reminders.filter((reminder) => reminder.companyId === company.id),
      2
    )
    const texts = mailbox.messages
      .filter((message) => message.to.includes(user.email))
      .map((message) => utf8Text(message.raw))
    const oil = texts.find((text) => text.includes('next distance'))!
    assert.include(oil, 'is due soon: next distance 126,400 km. The odometer reads 125,900 km now.')
    assert.notInclude(oil, 'next date')
  })
})
