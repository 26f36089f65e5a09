import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import { NotificationDispatchJob } from '#jobs/notification_dispatch_job'
import { NotificationDigestJob } from '#jobs/notification_digest_job'
import { fleetDriversReport } from '#reports/definitions/fleet_drivers'
import { scheduledReportGroups } from '#services/reports/scheduled_report_mailer'
import User from '#models/user'
import type Company from '#models/company'
import type { TeamRole } from '#enums/team_role'

async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

let sequence = 0
async function member(company: Company, role: TeamRole, groups: number[] | null) {
  sequence++
  const user = await User.create({
    email: `group-notify-${role}-${sequence}-${Date.now()}@example.com`,
    password: 'secret-password',
  })
  const membership = await addMember(company, user, role)
  await db
    .from('team_members')
    .where('id', membership.id)
    .update({ device_group_ids: groups === null ? null : JSON.stringify(groups) })
  return user
}

/** A company with a North and a South van, a member limited to North and an unlimited one. */
async function companyWithGroups() {
  const owner = await createMember({ role: 'owner' })
  const north = await deviceGroup(owner.company.id, 'North')
  const south = await deviceGroup(owner.company.id, 'South')
  const northVan = await createVehicle(owner.company, { name: 'North van', group_id: north })
  const southVan = await createVehicle(owner.company, { name: 'South van', group_id: south })
  const limited = await member(owner.company, 'manager', [north])
  const everyone = await member(owner.company, 'user', null)
  return { ...owner, north, south, northVan, southVan, limited, everyone }
}

async function rule(companyId: number, values: Record<string, unknown>) {
  const [row] = await db
    .table('notification_settings')
    .insert({
      company_id: companyId,
      name: 'Speeding',
      alarm_codes: ['105'],
      schedule: 'instant',
      channels: ['email', 'inbox'],
      emails: [],
      phones: [],
      quiet_minutes: 10,
      timezone: 'Europe/Istanbul',
      locale: 'en',
      created_at: new Date(),
      ...values,
    })
    .returning('*')
  return row
}

/** Who got what: recipient -> the vehicles named in their deliveries of the rule. */
async function deliveries(ruleId: number, channel: string) {
  const rows = await db
    .from('notification_deliveries')
    .where('setting_id', ruleId)
    .where('channel', channel)
  const seen: Record<string, string[]> = {}
  for (const row of rows) {
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    const vehicles =
      payload.kind === 'digest'
        ? payload.events.map((line: { vehicle: string }) => line.vehicle)
        : [payload.vehicle]
    seen[row.recipient] = [...(seen[row.recipient] ?? []), ...vehicles].sort()
  }
  return seen
}

test.group('Vehicle groups: notifications and reports', (group) => {
  group.setup(async () => {
    // Start from the newest event: earlier tests' events are not this group's business.
    await new NotificationDispatchJob().run(DateTime.now().plus({ seconds: 5 }))
  })

  test('an instant alarm reaches the inbox and e-mail of members who see the vehicle', async ({
    assert,
  }) => {
    const c = await companyWithGroups()
    const speeding = await rule(c.company.id, {
      emails: [c.limited.email.toUpperCase(), 'fleet-desk@example.com'],
    })
    const now = new Date(Date.now() - 10_000)
    await db.table('events').multiInsert([
      {
        company_id: c.company.id,
        device_id: c.northVan.id,
        event_time: now,
        code: '105',
        created_at: now,
      },
      {
        company_id: c.company.id,
        device_id: c.southVan.id,
        event_time: now,
        code: '105',
        created_at: now,
      },
    ])
    await new NotificationDispatchJob().run(DateTime.now().plus({ seconds: 5 }))

    const inbox = await deliveries(speeding.id, 'inbox')
    assert.deepEqual(inbox[String(c.limited.id)], ['North van'])
    assert.deepEqual(inbox[String(c.everyone.id)], ['North van', 'South van'])
    assert.deepEqual(inbox[String(c.user.id)], ['North van', 'South van'])
    const mail = await deliveries(speeding.id, 'email')
    assert.deepEqual(mail[c.limited.email.toUpperCase()], ['North van'])
    assert.deepEqual(mail['fleet-desk@example.com'], ['North van', 'South van'])
  })

  test('a digest lists for a limited member only their vehicles’ events', async ({ assert }) => {
    const c = await companyWithGroups()
    const weekly = await rule(c.company.id, {
      name: 'Week of alarms',
      schedule: 'weekly',
      alarm_codes: ['A101'],
      emails: [c.limited.email],
      channels: ['email', 'inbox'],
    })
    const lastWeek = DateTime.fromISO('2026-11-16T10:00:00', { zone: 'Europe/Istanbul' })
    await db.table('events').multiInsert([
      {
        company_id: c.company.id,
        device_id: c.northVan.id,
        event_time: lastWeek.toJSDate(),
        code: 'A101',
      },
      {
        company_id: c.company.id,
        device_id: c.southVan.id,
        event_time: lastWeek.toJSDate(),
        code: 'A101',
      },
    ])
    await new NotificationDigestJob().run(
      DateTime.fromISO('2026-11-25T08:00:00', { zone: 'Europe/Istanbul' })
    )
    const inbox = await deliveries(weekly.id, 'inbox')
    assert.deepEqual(inbox[String(c.limited.id)], ['North van'])
    assert.deepEqual(inbox[String(c.user.id)], ['North van', 'South van'])
    const mail = await deliveries(weekly.id, 'email')
    assert.deepEqual(mail[c.limited.email], ['North van'])
  })

  test('fleet-drivers lists a limited member’s drivers only; a schedule runs as its creator', async ({
    assert,
    client,
  }) => {
    const c = await companyWithGroups()
    const drivers = await db
      .table('drivers')
      .multiInsert(
        ['North driver', 'South driver'].map((name) => ({
          company_id: c.company.id,
          name,
          status: 'active',
          created_at: new Date(),
          updated_at: new Date(),
        }))
      )
      .returning('id')
    await db.from('devices').where('id', c.northVan.id).update({ driver_id: drivers[0].id })
    await db.from('devices').where('id', c.southVan.id).update({ driver_id: drivers[1].id })
    const context = { companyId: c.company.id, timezone: 'Europe/Istanbul', now: DateTime.now() }
    const names = async (deviceGroupIds: number[] | null) => {
      const run = await fleetDriversReport.run({ period: 'today' }, { ...context, deviceGroupIds })
      return run.page.rows.map((row) => row.driver)
    }
    assert.deepEqual(await names(null), ['North driver', 'South driver'])
    assert.deepEqual(await names([c.north]), ['North driver'])
    // The drivers summary table too
    const summary = await client
      .get('/backend/fleet/drivers-summary/data?fields=name')
      .header('accept', 'application/json')
      .loginAs(c.limited)
    summary.assertStatus(200)
    assert.deepEqual(
      summary.body().data.map((row: { name: string }) => row.name),
      ['North driver']
    )

    assert.deepEqual(
      await scheduledReportGroups({ companyId: c.company.id, createdBy: c.limited.id }),
      [c.north]
    )
    assert.isNull(await scheduledReportGroups({ companyId: c.company.id, createdBy: c.user.id }))
    const stranger = await createMember({ role: 'owner' })
    assert.deepEqual(
      await scheduledReportGroups({ companyId: c.company.id, createdBy: stranger.user.id }),
      []
    )
  })
})
