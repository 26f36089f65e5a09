import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ApiToken from '#models/api_token'
import Webhook from '#models/webhook'
import WebhookDelivery from '#models/webhook_delivery'
import { hashToken } from '#services/integrations/api_tokens'
import {
  dispatchWebhooks,
  isPublicAddress,
  webhookAddresses,
} from '#services/integrations/webhooks'
import { WebhookDeliveryJob } from '#jobs/webhook_delivery_job'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const page = '/backend/settings/integrations-settings'
const pageTr = '/tr/panel/ayarlar/entegrasyon-ayarlari'
let sequence = 0

async function seedDevice(companyId: number, name: string) {
  sequence++
  const [row] = await db
    .table('devices')
    .insert({
      name,
      imei: `55${Date.now().toString().slice(-9)}${sequence}`,
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

async function newToken(client: any, user: any) {
  const response = await client
    .post(`${page}/tokens`)
    .withCsrfToken()
    .loginAs(user)
    .header('referer', page)
    .json({ name: 'ERP', scopes: ['tracking:read'] })
    .redirects(0)
  return response.flashMessages().newApiToken as string
}

test.group('Integrations: API tokens and the JSON API', () => {
  test('a token is shown once, stored hashed, opens only its company data, and is revocable', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const token = await newToken(client, user)
    assert.match(token, /^ft_[A-Za-z0-9_-]{40,}$/)
    const stored = await ApiToken.query().where('company_id', company.id).firstOrFail()
    assert.equal(stored.tokenHash, hashToken(token))
    assert.equal(stored.hint, token.slice(-4))
    const listed = await client.get(page).loginAs(user).withInertia()
    assert.notInclude(JSON.stringify(listed.inertiaProps), token)
    assert.notInclude(JSON.stringify(listed.inertiaProps), stored.tokenHash)
    assert.isNull(listed.inertiaProps.newToken)

    const mine = await seedDevice(company.id, 'My van')
    const other = await createMember({ role: 'owner' })
    const theirs = await seedDevice(other.company.id, 'Their van')
    await db.table('events').insert([
      {
        company_id: company.id,
        device_id: mine,
        event_time: new Date('2026-11-20T10:00:00Z'),
        code: '105',
        state: 'A',
      },
      {
        company_id: company.id,
        device_id: mine,
        event_time: new Date('2026-10-01T10:00:00Z'),
        code: '100',
        state: 'A',
      },
      {
        company_id: other.company.id,
        device_id: theirs,
        event_time: new Date('2026-11-20T10:00:00Z'),
        code: '105',
        state: 'A',
      },
    ])

    const devices = await client.get('/api/v1/devices').header('authorization', `Bearer ${token}`)
    devices.assertStatus(200)
    assert.deepEqual(
      devices.body().data.map((device: { name: string }) => device.name),
      ['My van']
    )
    const events = await client
      .get('/api/v1/events?from=2026-11-19T00:00:00Z&to=2026-11-21T00:00:00Z')
      .header('authorization', `Bearer ${token}`)
    assert.deepEqual(
      events
        .body()
        .data.map((event: { code: string; deviceId: number }) => [event.code, event.deviceId]),
      [['105', mine]]
    )
    const tooLong = await client
      .get('/api/v1/trips?from=2026-01-01T00:00:00Z&to=2026-11-21T00:00:00Z')
      .header('authorization', `Bearer ${token}`)
    tooLong.assertStatus(422)
    const badDate = await client
      .get('/api/v1/trips?from=yesterday')
      .header('authorization', `Bearer ${token}`)
    badDate.assertStatus(422)
    const positions = await client
      .get('/api/v1/positions/live')
      .header('authorization', `Bearer ${token}`)
    positions.assertStatus(200)
    assert.deepEqual(positions.body().data, [])

    const anonymous = await client.get('/api/v1/devices')
    anonymous.assertStatus(401)
    const forged = await client.get('/api/v1/devices').header('authorization', 'Bearer ft_forged')
    forged.assertStatus(401)

    const revoked = await client
      .delete(`${pageTr}/tokens/${stored.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .redirects(0)
    revoked.assertFlashMessage('success', "API anahtarı iptal edildi: artık API'ye erişemez.")
    const after = await client.get('/api/v1/devices').header('authorization', `Bearer ${token}`)
    after.assertStatus(401)
  })

  test("another company's token or webhook answers 404; below admin is refused", async ({
    client,
    assert,
  }) => {
    const mine = await createMember({ role: 'owner' })
    const theirs = await createMember({ role: 'owner' })
    await newToken(client, theirs.user)
    const token = await ApiToken.query().where('company_id', theirs.company.id).firstOrFail()
    const hook = await Webhook.create({
      companyId: theirs.company.id,
      url: 'https://example.com/hook',
      secret: 'x',
      active: true,
    })
    for (const request of [
      client.delete(`${page}/tokens/${token.id}`),
      client.put(`${page}/webhooks/${hook.id}`),
      client.delete(`${page}/webhooks/${hook.id}`),
    ]) {
      const response = await request.withCsrfToken().loginAs(mine.user)
      response.assertStatus(404)
    }
    await token.refresh()
    assert.isNull(token.revokedAt)
    await hook.refresh()
    assert.isTrue(hook.active)

    const { default: User } = await import('#models/user')
    const { addMember } = await import('#actions/accounts/team_membership')
    const manager = await User.create({
      email: `int-mgr-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(mine.company, manager, 'manager')
    const refused = await client
      .post(`${page}/tokens`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', page)
      .json({ name: 'Sneaky' })
      .redirects(0)
    refused.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.lengthOf(await ApiToken.query().where('company_id', mine.company.id), 0)
  })
})

test.group('Integrations: webhooks', (group) => {
  // The receivers here listen on 127.0.0.1, which production refuses (one test below).
  group.each.setup(() => {
    webhookAddresses.allowPrivate = true
    return () => {
      webhookAddresses.allowPrivate = false
    }
  })

  test('a webhook aimed at this machine or a private network is never posted', async ({
    assert,
  }) => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      assert.isFalse(isPublicAddress(address), address)
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      assert.isTrue(isPublicAddress(address), address)

    webhookAddresses.allowPrivate = false
    const received: string[] = []
    const receiver = createServer((request, response) => {
      received.push(request.url ?? '')
      response.end()
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const { company } = await createMember({ role: 'owner' })
      const hook = await Webhook.create({
        companyId: company.id,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/internal`,
        secret: 'unused',
        active: true,
      } as Partial<Webhook>)
      const van = await seedDevice(company.id, 'Van 8')
      await dispatchWebhooks({
        companyId: company.id,
        deviceId: van,
        code: '105',
        time: new Date(),
      })
      await new WebhookDeliveryJob().run(DateTime.utc().plus({ seconds: 1 }))
      assert.lengthOf(received, 0)
      await hook.refresh()
      assert.equal(hook.lastError, 'The webhook address 127.0.0.1 is not a public address.')
    } finally {
      receiver.close()
    }
  })

  test('bad webhook input is a localized field error', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const english = await client
      .post(`${page}/webhooks`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ url: 'ftp://example.com', secret: 'short' })
      .redirects(0)
    assert.deepEqual(inputErrors(english).url, ['Please enter a valid address (URL).'])
    assert.deepEqual(inputErrors(english).secret, [
      'The signing secret must be at least 16 characters long.',
    ])
    const turkish = await client
      .post(`${pageTr}/webhooks`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .json({ url: 'https://example.com/hook', secret: 'short' })
      .redirects(0)
    assert.deepEqual(inputErrors(turkish).secret, ['İmza anahtarı en az 16 karakter olmalıdır.'])
    assert.lengthOf(await Webhook.query().where('company_id', company.id), 0)
  })

  test('each event is POSTed signed with HMAC-SHA256, and retried with back-off until delivered', async ({
    client,
    assert,
  }) => {
    const received: { body: string; headers: Record<string, string | string[] | undefined> }[] = []
    let failuresLeft = 2
    const receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        received.push({ body, headers: request.headers })
        if (failuresLeft > 0) {
          failuresLeft--
          response.statusCode = 503
        }
        response.end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fleet`
    try {
      const { user, company } = await createMember({ role: 'owner' })
      const secret = 'a-shared-secret-of-the-receiver'
      const created = await client
        .post(`${page}/webhooks`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', page)
        .json({ url, secret })
        .redirects(0)
      created.assertFlashMessage('success', 'Record created successfully!')
      const hook = await Webhook.query().where('company_id', company.id).firstOrFail()
      assert.notInclude(hook.secret, secret)

      const van = await seedDevice(company.id, 'Van 7')
      const queued = await dispatchWebhooks({
        id: 501,
        companyId: company.id,
        deviceId: van,
        code: '105',
        state: 'A',
        time: '2026-11-25T08:14:03Z',
        latitude: 41.0151,
        longitude: 28.9795,
      })
      assert.equal(queued, 1)

      const job = new WebhookDeliveryJob()
      // The delivery is due from the moment it was queued (the real clock): the job runs after it.
      const start = DateTime.utc().plus({ seconds: 2 }).startOf('second')
      await job.run(start)
      const delivery = await WebhookDelivery.query().where('webhook_id', hook.id).firstOrFail()
      assert.equal(delivery.status, 'pending')
      assert.equal(delivery.attempts, 1)
      assert.equal(delivery.nextAttemptAt.toUTC().toISO(), start.plus({ seconds: 30 }).toISO())
      await hook.refresh()
      assert.equal(hook.lastError, 'HTTP 503')

      // Not due yet: nothing is sent.
      await job.run(start.plus({ seconds: 20 }))
      assert.lengthOf(received, 1)
      // Second failure: the wait doubles.
      await job.run(start.plus({ seconds: 30 }))
      await delivery.refresh()
      assert.equal(delivery.attempts, 2)
      assert.equal(delivery.nextAttemptAt.toUTC().toISO(), start.plus({ seconds: 30 + 60 }).toISO())
      await job.run(start.plus({ seconds: 90 }))
      await delivery.refresh()
      assert.equal(delivery.status, 'delivered')
      assert.equal(delivery.attempts, 3)
      await hook.refresh()
      assert.isNull(hook.lastError)

      assert.lengthOf(received, 3)
      for (const attempt of received) {
        // Signed over the timestamp and the body (a replay with a new timestamp fails).
        const stamp = attempt.headers['x-fleettrack-timestamp']
        const expected = `sha256=${createHmac('sha256', secret).update(`${stamp}.${attempt.body}`).digest('hex')}`
        assert.equal(attempt.headers['x-fleettrack-signature'], expected)
        assert.equal(attempt.headers['x-fleettrack-delivery'], String(delivery.id))
      }
      const body = JSON.parse(received[2].body)
      assert.deepEqual(body.event, {
        id: 501,
        code: '105',
        state: 'A',
        time: '2026-11-25T08:14:03.000Z',
        latitude: 41.0151,
        longitude: 28.9795,
        attributes: {},
      })
      assert.equal(body.device.name, 'Van 7')
      assert.deepEqual(
        received.map((attempt) => attempt.headers['x-fleettrack-attempt']),
        ['1', '2', '3']
      )

      // A paused webhook gets nothing.
      await client
        .put(`${page}/webhooks/${hook.id}`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', page)
        .redirects(0)
      assert.equal(
        await dispatchWebhooks({
          companyId: company.id,
          deviceId: van,
          code: '100',
          time: new Date(),
        }),
        0
      )
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})
