import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { NotificationDeliveryJob } from '#jobs/notification_delivery_job'
import { NotificationDispatchJob } from '#jobs/notification_dispatch_job'

const zonesPage = '/backend/settings/geofences'
const rulesPage = '/backend/settings/notification-settings'
const pushPage = '/backend/settings/push-notification-settings'

const square = {
  type: 'polygon',
  points: [
    [41.0, 29.0],
    [41.0, 29.01],
    [41.01, 29.01],
    [41.01, 29.0],
  ],
}

async function memberOf(
  company: Awaited<ReturnType<typeof createMember>>['company'],
  role: 'user' | 'admin'
) {
  const user = await User.create({
    email: `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'pw-12345678',
  })
  await addMember(company, user, role)
  return user
}

test.group('Geofences over HTTP', () => {
  test('an admin draws, edits and deletes a zone; the page lists it', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'admin' })
    const created = await client
      .post(zonesPage)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', zonesPage)
      .json({ name: 'Depot', color: '#FF0000', shape: square, assign_to: 'all' })
      .redirects(0)
    created.assertStatus(302)
    created.assertFlashMessage('success', 'Geofence created.')
    const zone = await db.from('geofences').where('company_id', company.id).firstOrFail()
    assert.equal(zone.color, '#ff0000')
    assert.deepEqual(zone.shape, square)

    const page = await client.get(zonesPage).withInertia().loginAs(user)
    page.assertInertiaComponent('alerts/geofences')
    assert.equal(page.inertiaProps.zones[0].name, 'Depot')
    assert.isTrue(page.inertiaProps.canEdit)

    const circle = { type: 'circle', center: [41.02, 29.0], radius: 250 }
    const edited = await client
      .put(`${zonesPage}/${zone.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', zonesPage)
      .json({ name: 'Depot', color: '#00ff00', shape: circle, assign_to: 'all' })
      .redirects(0)
    edited.assertFlashMessage('success', 'Geofence updated.')
    const after = await db.from('geofences').where('id', zone.id).firstOrFail()
    assert.deepEqual(after.shape, circle)

    const layer = await client.get(`${zonesPage}/data`).loginAs(user)
    assert.deepEqual(layer.body().zones, [
      { id: zone.id, name: 'Depot', color: '#00ff00', shape: circle },
    ])

    const removed = await client
      .delete(`${zonesPage}/${zone.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', zonesPage)
      .redirects(0)
    removed.assertFlashMessage('success', 'Geofence deleted.')
    assert.isNull(await db.from('geofences').where('id', zone.id).first())
  })

  test('bad shapes and foreign vehicles are refused in the page language, nothing stored', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember()
    const other = await createMember()
    const { id: foreignDevice } = await registerDevice({
      company: other.company.name,
      imei: `35${Date.now().toString().slice(-13)}`,
      name: 'Not yours',
      protocol: 'osmand',
    })
    const bad = await client
      .post(zonesPage)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', zonesPage)
      .json({
        name: '',
        color: 'red',
        shape: { type: 'polygon', points: [[41, 29]] },
        assign_to: 'devices',
        device_ids: [foreignDevice],
      })
      .redirects(0)
    const errors = inputErrors(bad)
    assert.equal(errors.name[0], 'The Name field is required.')
    assert.equal(errors.color[0], 'Choose a colour such as #2563eb.')
    assert.match(
      Object.entries(errors).find(([key]) => key.startsWith('shape'))![1][0],
      /Draw a circle/
    )
    assert.equal(
      Object.entries(errors).find(([key]) => key.startsWith('device_ids'))![1][0],
      'Choose vehicles of your company.'
    )

    const turkish = await client
      .post(`/tr/panel/ayarlar/cografi-sinirlar`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/tr/panel/ayarlar/cografi-sinirlar')
      .json({
        name: 'X',
        color: '#123456',
        shape: { type: 'circle', center: [41, 29], radius: 1 },
        assign_to: 'all',
      })
      .redirects(0)
    const trErrors = inputErrors(turkish)
    assert.match(Object.values(trErrors)[0][0], /Haritada bir daire/)
    assert.lengthOf(await db.from('geofences').where('company_id', company.id), 0)
  })

  test("another company's zone answers 404, and a plain user may look but not change", async ({
    client,
    assert,
  }) => {
    const owner = await createMember()
    const [zone] = await db
      .table('geofences')
      .insert({
        company_id: owner.company.id,
        name: 'Yard',
        shape: JSON.stringify(square),
        created_at: new Date(),
      })
      .returning('id')
    const stranger = await createMember()
    const put = await client
      .put(`${zonesPage}/${zone.id}`)
      .withCsrfToken()
      .loginAs(stranger.user)
      .json({ name: 'Mine', color: '#000000', shape: square, assign_to: 'all' })
    put.assertStatus(404)
    const del = await client
      .delete(`${zonesPage}/${zone.id}`)
      .withCsrfToken()
      .loginAs(stranger.user)
    del.assertStatus(404)
    const strangerLayer = await client.get(`${zonesPage}/data`).loginAs(stranger.user)
    assert.deepEqual(strangerLayer.body().zones, [])

    const plain = await memberOf(owner.company, 'user')
    const page = await client.get(zonesPage).withInertia().loginAs(plain)
    page.assertInertiaComponent('alerts/geofences')
    assert.isFalse(page.inertiaProps.canEdit)
    const refused = await client
      .delete(`${zonesPage}/${zone.id}`)
      .withCsrfToken()
      .loginAs(plain)
      .header('referer', zonesPage)
      .redirects(0)
    refused.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.isNotNull(await db.from('geofences').where('id', zone.id).first())
  })
})

test.group('Notification rules over HTTP', () => {
  test('an admin creates a rule; bad codes, e-mails and phones are refused', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'admin' })
    const bad = await client
      .post(rulesPage)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', rulesPage)
      .json({
        name: 'Speeding',
        alarm_codes: [],
        schedule: 'instant',
        channels: ['email'],
        emails: ['not-an-address'],
        phones: ['0532 111 22 33'],
        quiet_minutes: 10,
        timezone: 'Europe/Istanbul',
      })
      .redirects(0)
    const errors = inputErrors(bad)
    const first = (prefix: string) =>
      Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1][0]
    assert.equal(first('alarm_codes'), 'Choose at least one alarm code.')
    assert.equal(first('emails'), 'Every e-mail address must be valid (one per line, at most 50).')
    assert.equal(
      first('phones'),
      'Phone numbers must be in international format (E.164), e.g. +905321234567.'
    )
    assert.lengthOf(await db.from('notification_settings').where('company_id', company.id), 0)

    const ok = await client
      .post(rulesPage)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', rulesPage)
      .json({
        name: 'Speeding',
        alarm_codes: ['105', 'GEOFENCE_ENTER'],
        schedule: 'instant',
        channels: ['email', 'sms', 'inbox'],
        emails: ['Ops@Example.com'],
        phones: ['+905321112233'],
        quiet_minutes: 5,
        timezone: 'Europe/Istanbul',
      })
      .redirects(0)
    ok.assertFlashMessage('success', 'Record created successfully!')
    const rule = await db
      .from('notification_settings')
      .where('company_id', company.id)
      .firstOrFail()
    assert.deepEqual(rule.emails, ['ops@example.com'])
    assert.deepEqual(rule.alarm_codes, ['105', 'GEOFENCE_ENTER'])

    const page = await client.get(rulesPage).withInertia().loginAs(user)
    page.assertInertiaComponent('alerts/notification_settings')
    assert.equal(page.inertiaProps.rules[0].name, 'Speeding')

    const stranger = await createMember()
    const foreign = await client
      .put(`${rulesPage}/${rule.id}`)
      .withCsrfToken()
      .loginAs(stranger.user)
      .json({ name: 'x' })
    foreign.assertStatus(404)
    const foreignDelete = await client
      .delete(`${rulesPage}/${rule.id}`)
      .withCsrfToken()
      .loginAs(stranger.user)
    foreignDelete.assertStatus(404)
  })
})

test.group('Inbox over HTTP', () => {
  test('lists the member’s notifications in their language, marks them read, never another’s', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember()
    const other = await createMember()
    const data = {
      kind: 'event',
      eventId: 1,
      deviceId: 1,
      vehicle: '34 FT 001',
      code: '105',
      state: 'A',
      time: '2026-11-20T09:00:00.000Z',
      latitude: 41.01,
      longitude: 29.02,
      geofence: null,
      repeats: 0,
    }
    const [mine] = await db
      .table('notifications')
      .insert({
        company_id: company.id,
        user_id: user.id,
        data: JSON.stringify(data),
        created_at: new Date(),
      })
      .returning('id')
    const [theirs] = await db
      .table('notifications')
      .insert({
        company_id: other.company.id,
        user_id: other.user.id,
        data: JSON.stringify(data),
        created_at: new Date(),
      })
      .returning('id')

    const list = await client.get('/backend/notifications').loginAs(user)
    assert.equal(list.body().unread, 1)
    assert.equal(list.body().items[0].title, '34 FT 001: Overspeed · on')

    const foreign = await client
      .post(`/backend/notifications/${theirs.id}/read`)
      .withCsrfToken()
      .loginAs(user)
    foreign.assertStatus(404)
    const read = await client
      .post(`/backend/notifications/${mine.id}/read`)
      .withCsrfToken()
      .loginAs(user)
    assert.equal(read.body().unread, 0)
    const theirsAfter = await db.from('notifications').where('id', theirs.id).first()
    assert.isNull(theirsAfter.read_at)
  })
})

const hmac = (key: Buffer, ...data: Buffer[]) =>
  createHmac('sha256', key).update(Buffer.concat(data)).digest()

/**
 * What the browser does with a push message (RFC 8291 over RFC 8188 aes128gcm), written
 * out here so that the test does not trust the sender's library: derive the content key
 * from the subscription's private key and auth secret, decrypt, strip the padding.
 */
function decryptPush(body: Buffer, browser: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]
  const serverKey = body.subarray(21, 21 + idLength)
  const cipher = body.subarray(21 + idLength)
  const shared = browser.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverKey])
  const ikm = hmac(hmac(authSecret, shared), keyInfo, Buffer.from([1]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(
    0,
    16
  )
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(
    0,
    12
  )
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(cipher.subarray(cipher.length - 16))
  const plain = Buffer.concat([
    decipher.update(cipher.subarray(0, cipher.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = plain.lastIndexOf(2)
  return plain.subarray(0, end).toString('utf8')
}

/** A push service on localhost that keeps what it receives, answering `status`. */
async function pushService(status: number) {
  const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) })
      response.statusCode = status
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { received, url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

test.group('Web push', () => {
  test('an alarm is pushed to the browser subscription, decryptable with its keys', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'admin' })
    const { id: deviceId } = await registerDevice({
      company: company.name,
      imei: `36${Date.now().toString().slice(-13)}`,
      name: '34 PU 001',
      protocol: 'osmand',
    })
    const service = await pushService(201)
    const browserKeys = createECDH('prime256v1')
    browserKeys.generateKeys()
    const authSecret = randomBytes(16)
    const endpoint = `${service.url}/push/abc`

    const rule = await client
      .post(pushPage)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pushPage)
      .json({ device_id: deviceId, alarm_codes: ['A113'] })
      .redirects(0)
    rule.assertFlashMessage('success', 'Record created successfully!')
    const subscribed = await client
      .post(`${pushPage}/subscription`)
      .withCsrfToken()
      .loginAs(user)
      .json({
        endpoint,
        keys: {
          p256dh: browserKeys.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      })
    subscribed.assertStatus(200)

    const now = DateTime.now().plus({ seconds: 5 })
    await new NotificationDispatchJob().run(now)
    await db.table('events').insert({
      company_id: company.id,
      device_id: deviceId,
      event_time: new Date('2026-11-20T09:00:00Z'),
      code: 'A113',
      latitude: 41.01,
      longitude: 29.02,
    })
    await new NotificationDispatchJob().run(now)
    await new NotificationDeliveryJob().run(now)
    service.close()

    assert.lengthOf(service.received, 1)
    const [push] = service.received
    assert.equal(push.headers['content-encoding'], 'aes128gcm')
    assert.match(String(push.headers.authorization), /^vapid t=.+, k=.+/)
    const message = JSON.parse(decryptPush(push.body, browserKeys, authSecret))
    assert.equal(message.title, '34 PU 001: Rollover')
    assert.include(message.url, `/backend/assets/${deviceId}`)
  })

  test('a subscription the push service says is gone (410) is removed', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'admin' })
    const { id: deviceId } = await registerDevice({
      company: company.name,
      imei: `37${Date.now().toString().slice(-13)}`,
      name: '34 PU 002',
      protocol: 'osmand',
    })
    const service = await pushService(410)
    const keys = createECDH('prime256v1')
    keys.generateKeys()
    await client
      .post(pushPage)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pushPage)
      .json({ alarm_codes: ['A113'] })
    await client
      .post(`${pushPage}/subscription`)
      .withCsrfToken()
      .loginAs(user)
      .json({
        endpoint: `${service.url}/push/gone`,
        keys: {
          p256dh: keys.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      })
    const now = DateTime.now().plus({ seconds: 5 })
    await new NotificationDispatchJob().run(now)
    await db.table('events').insert({
      company_id: company.id,
      device_id: deviceId,
      event_time: new Date('2026-11-20T10:00:00Z'),
      code: 'A113',
    })
    await new NotificationDispatchJob().run(now)
    await new NotificationDeliveryJob().run(now)
    service.close()
    assert.lengthOf(service.received, 1)
    assert.lengthOf(await db.from('push_subscriptions').where('user_id', user.id), 0)
    const delivery = await db
      .from('notification_deliveries')
      .where({ company_id: company.id, channel: 'push' })
      .firstOrFail()
    assert.equal(delivery.status, 'failed')
  })
})
