import { test } from '@japa/runner'
import { webhookAddresses } from '#services/integrations/webhooks'
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import CompanySetting from '#models/company_setting'
import { NotificationDispatchJob } from '#jobs/notification_dispatch_job'
import { NotificationDeliveryJob } from '#jobs/notification_delivery_job'
import { WebhookDeliveryJob } from '#jobs/webhook_delivery_job'
import { sealSecret } from '#services/settings/secrets'
import { SMS_PASSWORD_PURPOSE } from '#services/sms/company_sms'
import { smsEndpoints } from '#services/sms/sms_providers'
import { WEBHOOK_SECRET_PURPOSE } from '#services/integrations/webhooks'
import { createMember } from '#tests/helpers/accounts'
import ScheduledReport from '#models/scheduled_report'
import { sendScheduledReport } from '#services/reports/scheduled_report_mailer'
import { mailbox } from '#tests/helpers/mailbox'

let sequence = 0

async function seedDevice(companyId: number, name: string) {
  sequence++
  const [row] = await db
    .table('devices')
    .insert({
      name,
      imei: `57${Date.now().toString().slice(-9)}${sequence}`,
      protocol: 'teltonika',
      company_id: companyId,
      status: 'active',
      ownership: 'own',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

async function storeEvent(companyId: number, deviceId: number, code: string, minute = 0) {
  const [row] = await db
    .table('events')
    .insert({
      company_id: companyId,
      device_id: deviceId,
      event_time: new Date(Date.UTC(2026, 10, 20, 9, minute)),
      code,
      state: 'A',
      latitude: 41.01,
      longitude: 29.02,
      attributes: JSON.stringify(code.startsWith('GEOFENCE') ? { geofence: 'Depot' } : {}),
    })
    .returning('id')
  return Number(row.id)
}

async function rule(companyId: number, values: Record<string, unknown>) {
  const [row] = await db
    .table('notification_settings')
    .insert({
      company_id: companyId,
      name: 'Rule',
      alarm_codes: ['105'],
      schedule: 'instant',
      channels: ['email'],
      emails: [],
      phones: [],
      quiet_minutes: 0,
      timezone: 'Europe/Istanbul',
      locale: 'en',
      created_at: new Date(),
      ...values,
    })
    .returning('*')
  return row
}

/** Runs dispatch and delivery as the worker would, a little after the events were stored. */
async function deliverAll() {
  const later = DateTime.now().plus({ seconds: 5 })
  await new NotificationDispatchJob().run(later)
  await new NotificationDeliveryJob().run(later)
  return later
}

interface Seen {
  url: URL
  body: string
  headers: IncomingHttpHeaders
}

/** A local HTTP server; `answer` decides each response. */
async function localServer(answer: (seen: Seen) => { status?: number; body?: string }) {
  const seen: Seen[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const entry = {
        url: new URL(request.url!, 'http://localhost'),
        body,
        headers: request.headers,
      }
      seen.push(entry)
      const out = answer(entry)
      response.statusCode = out.status ?? 200
      response.end(out.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    seen,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test.group('Notifications through the company channels, webhooks from the event flow', (group) => {
  group.setup(async () => {
    // Start from the newest event: earlier tests' events are not this group's business.
    await new NotificationDispatchJob().run(DateTime.now().plus({ seconds: 5 }))
    // The webhook receiver listens on 127.0.0.1, which production refuses.
    webhookAddresses.allowPrivate = true
    return () => {
      webhookAddresses.allowPrivate = false
    }
  })

  test('an instant rule e-mails through the company SMTP server, from its sender', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const settings = await CompanySetting.of(company.id)
    settings.merge({
      smtpHost: '127.0.0.1',
      smtpPort: env.get('SMTP_PORT'),
      smtpSenderName: 'Company Ops',
      smtpSenderEmail: `ops-${company.id}@company.example`,
    })
    await settings.save()
    const van = await seedDevice(company.id, 'Van SMTP')
    await rule(company.id, { emails: ['company-route@example.com'] })
    // A company without SMTP settings still goes through the system mailer.
    const plain = await createMember()
    const plainVan = await seedDevice(plain.company.id, 'Van system')
    await rule(plain.company.id, { emails: ['system-route@example.com'] })

    mailbox.clear()
    await storeEvent(company.id, van, '105')
    await storeEvent(plain.company.id, plainVan, '105')
    await deliverAll()

    const mail = mailbox.lastTo('company-route@example.com')
    assert.equal(mail.from, `ops-${company.id}@company.example`)
    assert.include(mail.text, 'Company Ops')
    assert.include(mail.text, 'Van SMTP: Overspeed')
    assert.equal(mailbox.lastTo('system-route@example.com').from, env.get('MAIL_FROM_ADDRESS'))
  })

  test('a scheduled report goes out through the company SMTP server too', async ({ assert }) => {
    const { company, user } = await createMember()
    const settings = await CompanySetting.of(company.id)
    settings.merge({
      smtpHost: '127.0.0.1',
      smtpPort: env.get('SMTP_PORT'),
      smtpSenderName: 'Company Reports',
      smtpSenderEmail: `reports-${company.id}@company.example`,
    })
    await settings.save()
    const schedule = await ScheduledReport.create({
      companyId: company.id,
      createdBy: user.id,
      name: 'Company trips',
      slug: 'trip-summary',
      params: { period: 'yesterday' },
      frequency: 'daily',
      hour: 7,
      timezone: 'Europe/Istanbul',
      locale: 'en',
      recipients: [`report-reader-${company.id}@example.com`],
      active: true,
    })
    mailbox.clear()
    await sendScheduledReport(schedule, DateTime.now())
    const mail = mailbox.lastTo(`report-reader-${company.id}@example.com`)
    assert.equal(mail.from, `reports-${company.id}@company.example`)
    assert.include(mail.text, 'Company trips')
  })

  test('an SMS rule sends through the company provider (Netgsm stand-in)', async ({ assert }) => {
    const netgsm = await localServer(({ url }) => ({
      body:
        url.searchParams.get('usercode') === '8501234567' &&
        url.searchParams.get('password') === 'netgsm-pass'
          ? '00 777'
          : '30',
    }))
    const previous = smsEndpoints.netgsm
    smsEndpoints.netgsm = `${netgsm.base}/sms/send/get`
    try {
      const { company } = await createMember()
      const settings = await CompanySetting.of(company.id)
      settings.merge({
        smsProvider: 'netgsm',
        smsUsername: '8501234567',
        smsPassword: sealSecret('netgsm-pass', SMS_PASSWORD_PURPOSE),
        smsHeader: 'FLEETCO',
      })
      await settings.save()
      const van = await seedDevice(company.id, 'Van SMS')
      const sms = await rule(company.id, { channels: ['sms'], phones: ['+905321112233'] })
      await storeEvent(company.id, van, '105')
      await deliverAll()

      assert.lengthOf(netgsm.seen, 1)
      const call = netgsm.seen[0].url
      assert.equal(call.pathname, '/sms/send/get')
      assert.equal(call.searchParams.get('gsmno'), '905321112233')
      assert.equal(call.searchParams.get('msgheader'), 'FLEETCO')
      assert.include(call.searchParams.get('message')!, 'Van SMS')
      const [delivery] = await db.from('notification_deliveries').where('setting_id', sms.id)
      assert.equal(delivery.status, 'sent')

      // A refused password fails the delivery (retried later) and shows on the rule.
      settings.smsPassword = sealSecret('wrong', SMS_PASSWORD_PURPOSE)
      await settings.save()
      await storeEvent(company.id, van, '105', 5)
      await deliverAll()
      const failed = await db.from('notification_settings').where('id', sms.id).first()
      assert.include(failed.last_error, 'The SMS provider refused the message (30)')
      const retried = await db
        .from('notification_deliveries')
        .where('setting_id', sms.id)
        .orderBy('id', 'desc')
        .first()
      assert.equal(retried.status, 'pending')
      assert.equal(retried.attempts, 1)
    } finally {
      smsEndpoints.netgsm = previous
      await netgsm.close()
    }
  })

  test('without an SMS provider the delivery fails with a clear reason', async ({ assert }) => {
    const { company } = await createMember()
    const van = await seedDevice(company.id, 'Van no SMS')
    const sms = await rule(company.id, { channels: ['sms'], phones: ['+905321112233'] })
    await storeEvent(company.id, van, '105')
    await deliverAll()
    const failed = await db.from('notification_settings').where('id', sms.id).first()
    assert.include(failed.last_error, 'No SMS provider is configured.')
  })

  test('a stored event reaches the company webhook once, signed', async ({ assert }) => {
    const receiver = await localServer(() => ({ status: 204 }))
    try {
      const { company } = await createMember()
      const secret = 'receiver-secret'
      const [hook] = await db
        .table('webhooks')
        .insert({
          company_id: company.id,
          url: `${receiver.base}/events`,
          secret: sealSecret(secret, WEBHOOK_SECRET_PURPOSE),
          active: true,
          created_at: new Date(),
        })
        .returning('*')
      // Another company's event never reaches this webhook.
      const other = await createMember()
      const theirVan = await seedDevice(other.company.id, 'Their van')
      const van = await seedDevice(company.id, 'Van hook')
      const eventId = await storeEvent(company.id, van, 'A101')
      await storeEvent(other.company.id, theirVan, 'A101')

      const later = await deliverAll()
      // A second dispatch run queues nothing again: the cursor moved past the event.
      await new NotificationDispatchJob().run(later.plus({ seconds: 1 }))
      const queued = await db.from('webhook_deliveries').where('webhook_id', hook.id)
      assert.lengthOf(queued, 1)

      await new WebhookDeliveryJob().run(later.plus({ seconds: 2 }))
      assert.lengthOf(receiver.seen, 1)
      const [post] = receiver.seen
      const stamp = post.headers['x-fleettrack-timestamp']
      const expected = `sha256=${createHmac('sha256', secret).update(`${stamp}.${post.body}`).digest('hex')}`
      assert.equal(post.headers['x-fleettrack-signature'], expected)
      const body = JSON.parse(post.body)
      assert.equal(body.event.id, eventId)
      assert.equal(body.event.code, 'A101')
      assert.equal(body.device.name, 'Van hook')
      const delivered = await db.from('webhook_deliveries').where('webhook_id', hook.id).first()
      assert.equal(delivered.status, 'delivered')
    } finally {
      await receiver.close()
    }
  })

  test('the geofence alarm toggle silences geofence notifications, not the events', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const van = await seedDevice(company.id, 'Van zone')
    const zoneRule = await rule(company.id, {
      alarm_codes: ['GEOFENCE_ENTER', '105'],
      emails: ['zones@example.com'],
    })
    const settings = await CompanySetting.of(company.id)
    settings.geofenceAlarms = false
    await settings.save()

    await storeEvent(company.id, van, 'GEOFENCE_ENTER')
    await storeEvent(company.id, van, '105', 1)
    await deliverAll()
    let sent = await db.from('notification_deliveries').where('setting_id', zoneRule.id)
    assert.deepEqual(
      sent.map((row) => row.payload.code),
      ['105']
    )
    const stored = await db.from('events').where({ device_id: van, code: 'GEOFENCE_ENTER' })
    assert.lengthOf(stored, 1)

    settings.geofenceAlarms = true
    await settings.save()
    await storeEvent(company.id, van, 'GEOFENCE_ENTER', 2)
    await deliverAll()
    sent = await db.from('notification_deliveries').where('setting_id', zoneRule.id).orderBy('id')
    assert.deepEqual(
      sent.map((row) => row.payload.code),
      ['105', 'GEOFENCE_ENTER']
    )
  })

  test('the speed-limit notifications switch silences over-speed notifications only', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const van = await seedDevice(company.id, 'Van speed')
    const speedRule = await rule(company.id, {
      alarm_codes: ['105', 'A101'],
      emails: ['speed@example.com'],
    })
    const settings = await CompanySetting.of(company.id)
    settings.speedLimitNotifications = false
    await settings.save()
    await storeEvent(company.id, van, '105')
    await storeEvent(company.id, van, 'A101', 1)
    await deliverAll()
    const sent = await db.from('notification_deliveries').where('setting_id', speedRule.id)
    assert.deepEqual(
      sent.map((row) => row.payload.code),
      ['A101']
    )
  })
})
