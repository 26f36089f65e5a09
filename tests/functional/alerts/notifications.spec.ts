import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'
import { startListener } from '#tests/helpers/tracking'
import { NotificationDispatchJob } from '#jobs/notification_dispatch_job'
import { NotificationDeliveryJob, retryDelayMs } from '#jobs/notification_delivery_job'
import { NotificationDigestJob } from '#jobs/notification_digest_job'
import { inboxBroadcast } from '#services/notifications/channels'
import type { Position } from '#tracking/position'

const start = Date.UTC(2026, 9, 7, 9, 0)

function fix(imei: string, minute: number, speed: number): Position {
  return {
    imei,
    fixTime: new Date(start + minute * 60_000),
    latitude: 41.0 + minute * 0.001,
    longitude: 29.0,
    speed,
    course: 0,
    altitude: 20,
    satellites: 10,
    valid: true,
    attributes: { ignition: true },
  }
}

/** The mail's text with its UTF-8 restored (the mailbox decodes quoted-printable as Latin-1). */
function textOf(address: string) {
  return Buffer.from(mailbox.lastTo(address).text, 'latin1').toString('utf8')
}

/** Runs dispatch and delivery as the worker would, a little after the events were stored. */
async function deliverAll() {
  const later = DateTime.now().plus({ seconds: 5 })
  await new NotificationDispatchJob().run(later)
  return new NotificationDeliveryJob().run(later)
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

test.group('Notification rules', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  const broadcasts: { channel: string; message: Record<string, unknown> }[] = []
  const originalBroadcast = inboxBroadcast.send
  group.setup(async () => {
    listener = await startListener()
    inboxBroadcast.send = (channel, message) => broadcasts.push({ channel, message })
    // Start from the newest event: earlier tests' events are not this group's business.
    await new NotificationDispatchJob().run(DateTime.now().plus({ seconds: 5 }))
    return async () => {
      inboxBroadcast.send = originalBroadcast
      await listener.service.stop()
    }
  })

  async function vehicle(companyName: string, speedLimit = 90) {
    const imei = `89${Date.now().toString().slice(-13)}`
    const { id } = await registerDevice({
      company: companyName,
      imei,
      name: `34 OS ${imei.slice(-3)}`,
      protocol: 'osmand',
    })
    await db.from('devices').where('id', id).update({ speed_limit: speedLimit })
    listener.service.registry.invalidate(imei)
    return { id, imei, device: (await listener.service.registry.find(imei))! }
  }

  test('an instant rule delivers an over-speed by e-mail (SMTP) and to the inbox, live', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    await user.refresh()
    const other = await createMember()
    const { id, imei, device } = await vehicle(company.name)
    await rule(company.id, { emails: ['dispatch@example.com'] })
    // Another company's rule for the same code never sees this vehicle.
    await rule(other.company.id, { emails: ['other@example.com'] })
    // The over-speed happens beside the company's building: the message names it.
    await db.table('buildings').insert({
      company_id: company.id,
      name: 'Depot Tuzla',
      latitude: 41.001,
      longitude: 29.0,
      created_at: new Date(),
    })

    mailbox.clear()
    await listener.service.ingest.positions(device, [fix(imei, 0, 60), fix(imei, 1, 120)])
    await deliverAll()

    const mail = { text: textOf('dispatch@example.com') }
    const name = `34 OS ${imei.slice(-3)}`
    assert.include(mail.text, `${name}: Overspeed · on`)
    // The time in the rule's zone (Istanbul, UTC+3), the place, the link to the vehicle.
    assert.include(mail.text, '07.10.2026 12:01:00')
    assert.include(mail.text, 'Depot Tuzla (41.00100, 29.00000)')
    assert.include(mail.text, `/backend/assets/${id}`)
    // A link to the map: the history playback at that moment.
    assert.include(mail.text, `On the map: `)
    assert.include(mail.text, `/backend/history?deviceId=${id}&from=2026-10-07&to=2026-10-07&at=`)
    assert.isFalse(mailbox.messages.some((message) => message.to.includes('other@example.com')))

    const inbox = await db.from('notifications').where('user_id', user.id)
    assert.lengthOf(inbox, 1)
    assert.equal(inbox[0].data.code, '105')
    assert.equal(inbox[0].device_id, id)
    assert.isNull(inbox[0].read_at)
    const live = broadcasts.find((entry) => entry.channel === `users/${user.id}/notifications`)
    assert.deepInclude(live?.message, { type: 'notification', unread: 1 })
    const otherInbox = await db.from('notifications').where('user_id', other.user.id)
    assert.lengthOf(otherInbox, 0)
  })

  test('a vehicle driving into a zone reaches the inbox and e-mail of a geofence rule', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const { imei, device } = await vehicle(company.name)
    await db.table('geofences').insert({
      company_id: company.id,
      name: 'Depot',
      shape: JSON.stringify({ type: 'circle', center: [41.004, 29.0], radius: 150 }),
      created_at: new Date(),
    })
    await rule(company.id, {
      name: 'Depot entry',
      alarm_codes: ['GEOFENCE_ENTER'],
      emails: ['yard@example.com'],
    })
    mailbox.clear()
    await listener.service.ingest.positions(
      device,
      [0, 1, 2, 3, 4].map((m) => fix(imei, m, 40))
    )
    await deliverAll()
    const text = textOf('yard@example.com')
    assert.include(text, ': Geofence entered')
    assert.include(text, 'zone Depot')
    const inbox = await db.from('notifications').where('user_id', user.id)
    assert.lengthOf(inbox, 1)
    assert.equal(inbox[0].data.geofence, 'Depot')
  })

  test('repeats of the same rule, vehicle and code within the quiet period are folded', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { imei, device } = await vehicle(company.name)
    const speeding = await rule(company.id, {
      emails: ['quiet@example.com'],
      channels: ['email'],
      quiet_minutes: 10,
    })
    mailbox.clear()
    // Three overspeed episodes: over the limit at minutes 1, 4 and 7, each ended by two fixes
    // under it (an overspeed ends after 30 s under the limit, docs/plausibility.md), then at 20.
    const speeds = [60, 120, 60, 60, 120, 60, 60, 120, 60, 60]
    await listener.service.ingest.positions(
      device,
      speeds.map((speed, minute) => fix(imei, minute, speed))
    )
    await listener.service.ingest.positions(device, [fix(imei, 20, 120)])
    await deliverAll()

    const deliveries = await db
      .from('notification_deliveries')
      .where('setting_id', speeding.id)
      .orderBy('id')
    // 105 A at minute 1 goes out; the two F, two A and last F after it are the same rule,
    // vehicle and code within 10 minutes: folded; A at 20 goes out and counts them.
    assert.deepEqual(
      deliveries.map((row) => [row.payload.state, row.payload.repeats]),
      [
        ['A', 0],
        ['A', 5],
      ]
    )
    assert.equal(
      mailbox.messages.filter((message) => message.to.includes('quiet@example.com')).length,
      deliveries.length
    )
    assert.include(textOf('quiet@example.com'), '5 repeats were folded')
  })

  test('a failing channel is retried with back-off, and the failure shows on the rule', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { imei, device } = await vehicle(company.name)
    const sms = await rule(company.id, { channels: ['sms'], phones: ['+905321112233'] })
    await listener.service.ingest.positions(device, [fix(imei, 0, 60), fix(imei, 1, 120)])
    const now = DateTime.now().plus({ seconds: 5 })
    await new NotificationDispatchJob().run(now)
    await new NotificationDeliveryJob().run(now)

    const [delivery] = await db.from('notification_deliveries').where('setting_id', sms.id)
    assert.equal(delivery.status, 'pending')
    assert.equal(delivery.attempts, 1)
    assert.equal(new Date(delivery.next_attempt_at).getTime(), now.toMillis() + retryDelayMs(1))
    const failed = await db.from('notification_settings').where('id', sms.id).first()
    assert.include(failed.last_error, 'No SMS provider is configured.')

    // Not due again before the back-off; given up after the last attempt.
    await new NotificationDeliveryJob().run(now.plus({ seconds: 10 }))
    assert.equal(
      (await db.from('notification_deliveries').where('id', delivery.id).first()).attempts,
      1
    )
    let at = now
    for (let attempt = 1; attempt < 5; attempt++) {
      at = at.plus({ milliseconds: retryDelayMs(attempt) + 1000 })
      await new NotificationDeliveryJob().run(at)
    }
    const given = await db.from('notification_deliveries').where('id', delivery.id).first()
    assert.equal(given.status, 'failed')
    assert.equal(given.attempts, 5)
  })

  test('a weekly rule sends one digest of the last week', async ({ assert }) => {
    const { company, user } = await createMember()
    const { id } = await vehicle(company.name)
    const weekly = await rule(company.id, {
      name: 'Week of alarms',
      schedule: 'weekly',
      alarm_codes: ['A101', 'A102'],
      emails: ['digest@example.com'],
      channels: ['email', 'inbox'],
    })
    // Monday 2026-11-16 10:00 Istanbul, in the week before "now" (Wednesday 2026-11-25).
    const lastWeek = DateTime.fromISO('2026-11-16T10:00:00', { zone: 'Europe/Istanbul' })
    await db.table('events').multiInsert([
      { company_id: company.id, device_id: id, event_time: lastWeek.toJSDate(), code: 'A101' },
      {
        company_id: company.id,
        device_id: id,
        event_time: lastWeek.plus({ days: 2 }).toJSDate(),
        code: 'A102',
      },
      // Not in the rule's codes, and not in the period.
      { company_id: company.id, device_id: id, event_time: lastWeek.toJSDate(), code: 'A113' },
      {
        company_id: company.id,
        device_id: id,
        event_time: lastWeek.minus({ weeks: 1 }).toJSDate(),
        code: 'A101',
      },
    ])
    mailbox.clear()
    const now = DateTime.fromISO('2026-11-25T08:00:00', { zone: 'Europe/Istanbul' })
    await new NotificationDigestJob().run(now)
    await new NotificationDigestJob().run(now.plus({ hours: 1 }))
    await new NotificationDeliveryJob().run(now)

    const digests = await db.from('notification_deliveries').where('setting_id', weekly.id)
    assert.lengthOf(digests, 2, 'one e-mail and one inbox item, once')
    const mail = { text: textOf('digest@example.com') }
    assert.include(mail.text, 'Weekly digest: Week of alarms')
    assert.include(mail.text, '2 events from 16.11.2026 00:00:00 to 23.11.2026 00:00:00')
    assert.include(mail.text, '16.11.2026 10:00:00')
    assert.include(mail.text, 'Sudden acceleration')
    assert.include(mail.text, 'Sudden braking')
    assert.notInclude(mail.text, 'Rollover')
    const inbox = await db.from('notifications').where('user_id', user.id)
    assert.lengthOf(inbox, 1)
    assert.equal(inbox[0].data.kind, 'digest')
  })

  test('a monthly rule sends last month’s digest on the 1st, in the rule’s time zone', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { id } = await vehicle(company.name)
    const monthly = await rule(company.id, {
      name: 'Month of battery',
      schedule: 'monthly',
      alarm_codes: ['LVS'],
      emails: ['monthly@example.com'],
      channels: ['email'],
      timezone: 'Europe/Istanbul',
    })
    // 31 October 23:30 in Istanbul is still October there (20:30 UTC).
    await db.table('events').insert({
      company_id: company.id,
      device_id: id,
      event_time: DateTime.fromISO('2026-10-31T23:30:00', { zone: 'Europe/Istanbul' }).toJSDate(),
      code: 'LVS',
    })
    mailbox.clear()
    const beforeEnd = DateTime.fromISO('2026-10-31T23:50:00', { zone: 'Europe/Istanbul' })
    await new NotificationDigestJob().run(beforeEnd)
    const early = await db.from('notification_deliveries').where('setting_id', monthly.id)
    assert.lengthOf(early, 0, 'October has not ended yet')

    const first = DateTime.fromISO('2026-11-01T00:10:00', { zone: 'Europe/Istanbul' })
    await new NotificationDigestJob().run(first)
    await new NotificationDeliveryJob().run(first)
    const text = textOf('monthly@example.com')
    assert.include(text, 'Monthly digest: Month of battery')
    assert.include(text, '1 event from 01.10.2026 00:00:00 to 01.11.2026 00:00:00')
    assert.include(text, '31.10.2026 23:30:00')
  })
})
