import { test } from '@japa/runner'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ApiToken from '#models/api_token'
import Webhook from '#models/webhook'
import WebhookDelivery from '#models/webhook_delivery'
import { createApiToken } from '#services/integrations/api_tokens'
import { webhookAddresses, WEBHOOK_SECRET_PURPOSE } from '#services/integrations/webhooks'
import { sealSecret } from '#services/settings/secrets'
import { decideRequest } from '#actions/fleet/decide_request'
import { WebhookDeliveryJob } from '#jobs/webhook_delivery_job'
import { createMember, inputErrors } from '#tests/helpers/accounts'

let sequence = 0

async function seedDevice(companyId: number, name: string) {
  sequence++
  const [row] = await db
    .table('devices')
    .insert({
      name,
      imei: `77${Date.now().toString().slice(-9)}${sequence}`,
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

async function company(role: 'owner' | 'admin' | 'manager' | 'user' = 'owner') {
  const member = await createMember({ role })
  const deviceId = await seedDevice(member.company.id, `Van ${sequence}`)
  return { ...member, deviceId }
}

async function tokenFor(companyId: number, userId: number, scopes: string[]) {
  return (await createApiToken(companyId, 'ERP', userId, scopes)).token
}

const bearer = (token: string) => `Bearer ${token}`

/** The verification recipe exactly as docs/api.md documents it, loaded from the document. */
async function documentedRecipe() {
  const doc = readFileSync(join(process.cwd(), 'docs/api.md'), 'utf8')
  const block = /<!-- verify-recipe:start -->\s*```js\n([\s\S]*?)```/.exec(doc)
  if (!block) throw new Error('docs/api.md has no verification recipe')
  const dir = mkdtempSync(join(tmpdir(), 'recipe-'))
  const file = join(dir, 'recipe.mjs')
  writeFileSync(file, block[1])
  try {
    const module = await import(pathToFileURL(file).href)
    return module.verifyFleetTrackWebhook as (
      secret: string,
      headers: Record<string, unknown>,
      rawBody: string,
      nowSeconds?: number
    ) => boolean
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test.group('API: tokens, scopes and errors', () => {
  test('401 without a token or with a revoked one, in the language of Accept-Language', async ({
    client,
    assert,
  }) => {
    const { company: mine, user } = await company()
    const none = await client.get('/api/v1/fuel-entries')
    none.assertStatus(401)
    assert.include(none.header('www-authenticate') ?? '', 'Bearer')
    assert.equal(
      none.body().error,
      'A valid API token is required (Authorization: Bearer <token>).'
    )
    const tr = await client
      .post('/api/v1/fuel-entries')
      .header('accept-language', 'tr-TR,tr;q=0.9')
      .header('authorization', 'Bearer ft_not-a-token')
      .json({})
    tr.assertStatus(401)
    assert.equal(
      tr.body().error,
      'Geçerli bir API anahtarı gerekli (Authorization: Bearer <anahtar>).'
    )

    const token = await tokenFor(mine.id, user.id, ['fuel-entries:write'])
    await ApiToken.query().where('company_id', mine.id).update({ revoked_at: new Date() })
    const revoked = await client.get('/api/v1/fuel-entries').header('authorization', bearer(token))
    revoked.assertStatus(401)
  })

  test('403 without the scope; read does not write; old tokens keep read on everything', async ({
    client,
    assert,
  }) => {
    const { company: mine, user, deviceId } = await company()
    const vehiclesOnly = await tokenFor(mine.id, user.id, ['vehicles:write'])
    const refused = await client
      .get('/api/v1/fuel-entries')
      .header('authorization', bearer(vehiclesOnly))
    refused.assertStatus(403)
    assert.equal(refused.body().error, 'This API token does not have the fuel-entries:read scope.')
    // The tracking endpoints need the tracking scope too.
    const tracking = await client
      .get('/api/v1/devices')
      .header('authorization', bearer(vehiclesOnly))
    tracking.assertStatus(403)
    assert.equal(tracking.body().error, 'This API token does not have the tracking:read scope.')

    const reader = await tokenFor(mine.id, user.id, ['fuel-entries:read'])
    const list = await client.get('/api/v1/fuel-entries').header('authorization', bearer(reader))
    list.assertStatus(200)
    const write = await client
      .post('/api/v1/fuel-entries')
      .header('authorization', bearer(reader))
      .header('accept-language', 'tr')
      .json({ entry_date: '2026-11-20', device_id: deviceId, litres: 10 })
    write.assertStatus(403)
    assert.equal(write.body().error, 'Bu API anahtarının fuel-entries:write kapsamı yok.')

    // A token made without naming scopes, as every token before them: read on everything.
    const legacy = await createApiToken(mine.id, 'Old', user.id)
    assert.deepEqual(legacy.record.scopes, ['*:read'])
    const old = legacy.token
    ;(await client.get('/api/v1/traffic-fines').header('authorization', bearer(old))).assertStatus(
      200
    )
    ;(await client.get('/api/v1/devices').header('authorization', bearer(old))).assertStatus(200)
    ;(await client.delete('/api/v1/vehicles/1').header('authorization', bearer(old))).assertStatus(
      403
    )
    assert.equal(
      await db
        .from('fuel_entries')
        .where('company_id', mine.id)
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )
  })

  test("403 when the token's member may not write what the page forbids them", async ({
    client,
    assert,
  }) => {
    const { company: mine, user, deviceId } = await company('user')
    const token = await tokenFor(mine.id, user.id, ['fuel-entries:write'])
    const response = await client
      .post('/api/v1/fuel-entries')
      .header('authorization', bearer(token))
      .json({ entry_date: '2026-11-20', device_id: deviceId, litres: 10 })
    response.assertStatus(403)
    assert.match(response.body().error, /may not do this/)
    assert.lengthOf(await db.from('fuel_entries').where('company_id', mine.id), 0)
  })

  test('405 with Allow for a method a path does not answer', async ({ client, assert }) => {
    const collection = await client.patch('/api/v1/fuel-entries').json({})
    collection.assertStatus(405)
    assert.equal(collection.header('allow'), 'GET, HEAD, POST')
    const one = await client.post('/api/v1/vehicles/12').json({})
    one.assertStatus(405)
    assert.equal(one.header('allow'), 'GET, HEAD, PUT, PATCH, DELETE')
    assert.match(one.header('content-type') ?? '', /application\/json/)
  })

  test('422 with each field message from the page validator, in English and Turkish', async ({
    client,
    assert,
  }) => {
    const { company: mine, user } = await company()
    const token = await tokenFor(mine.id, user.id, ['fuel-entries:write'])
    const en = await client
      .post('/api/v1/fuel-entries')
      .header('authorization', bearer(token))
      .json({ entry_date: '2026-11-20', litres: -1 })
    en.assertStatus(422)
    const byField = (body: any) =>
      Object.fromEntries(body.errors.map((e: any) => [e.field, e.message]))
    assert.equal(byField(en.body()).device_id, 'The Vehicle field is required.')
    assert.property(byField(en.body()), 'litres')
    const tr = await client
      .post('/api/v1/fuel-entries')
      .header('authorization', bearer(token))
      .header('accept-language', 'tr')
      .json({ entry_date: '2026-11-20', litres: 5 })
    tr.assertStatus(422)
    assert.equal(byField(tr.body()).device_id, 'Araç alanı zorunludur.')
    // A list query with an unknown column is a 422 too.
    const list = await client
      .get('/api/v1/fuel-entries?sort=nope')
      .header('authorization', bearer(token))
    list.assertStatus(422)
    assert.equal(list.body().errors[0].field, 'sort')
  })
})

test.group('API: records', () => {
  test('fuel entries: create, read, list, patch, put, delete', async ({ client, assert }) => {
    const { company: mine, user, deviceId } = await company()
    const token = await tokenFor(mine.id, user.id, ['fuel-entries:write'])
    const auth = bearer(token)
    const created = await client
      .post('/api/v1/fuel-entries')
      .header('authorization', auth)
      .json({ entry_date: '2026-11-20', device_id: deviceId, litres: 42.5, total: 1912.5 })
    created.assertStatus(201)
    const id = created.body().data.id
    assert.equal(created.header('location'), `/api/v1/fuel-entries/${id}`)
    assert.equal(created.body().data.litres, 42.5)
    assert.equal(created.body().data.total, 1912.5)
    const stored = await db.from('fuel_entries').where('id', id).first()
    assert.equal(stored.company_id, mine.id)
    assert.equal(Number(stored.total_cents), 191250)

    const one = await client.get(`/api/v1/fuel-entries/${id}`).header('authorization', auth)
    one.assertStatus(200)
    assert.equal(
      one.body().data.vehicle,
      (await db.from('devices').where('id', deviceId).first()).name
    )

    const list = await client
      .get('/api/v1/fuel-entries?filter[litres]=eq:42.5&fields=id,litres')
      .header('authorization', auth)
    list.assertStatus(200)
    assert.deepEqual(list.body().data, [{ id, litres: 42.5, voucher_no: null }])
    assert.equal(list.body().meta.total, 1)

    // PATCH changes what is sent and keeps the rest.
    const patched = await client
      .patch(`/api/v1/fuel-entries/${id}`)
      .header('authorization', auth)
      .json({ voucher_no: 'V-1' })
    patched.assertStatus(200)
    assert.equal(patched.body().data.voucher_no, 'V-1')
    assert.equal(patched.body().data.total, 1912.5)
    // PUT replaces the form: a field not sent is emptied.
    const put = await client
      .put(`/api/v1/fuel-entries/${id}`)
      .header('authorization', auth)
      .json({ entry_date: '2026-11-21', device_id: deviceId, litres: 40 })
    put.assertStatus(200)
    assert.isNull(put.body().data.voucher_no)
    assert.isNull(put.body().data.total)

    const removed = await client.delete(`/api/v1/fuel-entries/${id}`).header('authorization', auth)
    removed.assertStatus(204)
    ;(await client.get(`/api/v1/fuel-entries/${id}`).header('authorization', auth)).assertStatus(
      404
    )
  })

  test('vehicles and a fleet record (traffic fine) through the same machinery', async ({
    client,
    assert,
  }) => {
    const { company: mine, user } = await company()
    const token = await tokenFor(mine.id, user.id, ['vehicles:write', 'traffic-fines:write'])
    const auth = bearer(token)
    const imei = `35${Date.now().toString().slice(-12)}`
    const vehicle = await client.post('/api/v1/vehicles').header('authorization', auth).json({
      name: 'Truck 9',
      plate: '34 TR 9',
      imei,
      protocol: 'teltonika',
      ownership: 'own',
      status: 'active',
    })
    vehicle.assertStatus(201)
    const vehicleId = vehicle.body().data.id
    assert.equal(vehicle.body().data.imei, imei)
    // The IMEI is unique across companies: the page's rule.
    const again = await client
      .post('/api/v1/vehicles')
      .header('authorization', auth)
      .json({ name: 'Copy', imei, protocol: 'teltonika', ownership: 'own', status: 'active' })
    again.assertStatus(422)
    assert.equal(again.body().errors[0].field, 'imei')

    const fine = await client.post('/api/v1/traffic-fines').header('authorization', auth).json({
      fine_date: '2026-11-01',
      device_id: vehicleId,
      amount: 994,
      currency: 'TRY',
      status: 'unpaid',
    })
    fine.assertStatus(201)
    const fineId = fine.body().data.id
    // A fine without a vehicle is refused (issue 30: records are about a vehicle).
    const noVehicle = await client
      .post('/api/v1/traffic-fines')
      .header('authorization', auth)
      .json({ fine_date: '2026-11-01', amount: 10, currency: 'TRY', status: 'unpaid' })
    noVehicle.assertStatus(422)

    const paid = await client
      .patch(`/api/v1/traffic-fines/${fineId}`)
      .header('authorization', auth)
      .json({ status: 'paid' })
    paid.assertStatus(200)
    assert.equal(paid.body().data.status, 'paid')
    ;(
      await client.delete(`/api/v1/traffic-fines/${fineId}`).header('authorization', auth)
    ).assertStatus(204)
    ;(
      await client.delete(`/api/v1/vehicles/${vehicleId}`).header('authorization', auth)
    ).assertStatus(204)
    ;(await client.get(`/api/v1/vehicles/${vehicleId}`).header('authorization', auth)).assertStatus(
      404
    )
  })

  test("another company's records are a 404, and its vehicles cannot be referenced", async ({
    client,
    assert,
  }) => {
    const mine = await company()
    const theirs = await company()
    const [entry] = await db
      .table('fuel_entries')
      .insert({
        company_id: theirs.company.id,
        device_id: theirs.deviceId,
        entry_date: '2026-11-10',
        litres: 30,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const token = await tokenFor(mine.company.id, mine.user.id, ['fuel-entries:write'])
    const auth = bearer(token)
    for (const request of [
      client.get(`/api/v1/fuel-entries/${entry.id}`),
      client.patch(`/api/v1/fuel-entries/${entry.id}`).json({ litres: 1 }),
      client.put(`/api/v1/fuel-entries/${entry.id}`).json({}),
      client.delete(`/api/v1/fuel-entries/${entry.id}`),
    ]) {
      const response = await request.header('authorization', auth)
      response.assertStatus(404)
      assert.match(response.header('content-type') ?? '', /application\/json/)
    }
    assert.equal(Number((await db.from('fuel_entries').where('id', entry.id).first()).litres), 30)
    const list = await client.get('/api/v1/fuel-entries').header('authorization', auth)
    assert.lengthOf(list.body().data, 0)
    const foreign = await client
      .post('/api/v1/fuel-entries')
      .header('authorization', auth)
      .json({ entry_date: '2026-11-20', device_id: theirs.deviceId, litres: 5 })
    foreign.assertStatus(422)
    assert.equal(foreign.body().errors[0].field, 'device_id')
  })

  test('the OpenAPI document is generated from the resource declarations', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v1/openapi.json')
    response.assertStatus(200)
    const doc = response.body()
    assert.equal(doc.openapi, '3.1.0')
    for (const path of [
      '/fuel-entries',
      '/fuel-entries/{id}',
      '/vehicles',
      '/drivers',
      '/traffic-fines',
      '/devices',
    ]) {
      assert.property(doc.paths, path)
    }
    assert.properties(doc.paths['/fuel-entries/{id}'], ['get', 'put', 'patch', 'delete'])
    const input = doc.components.schemas.FuelEntriesInput
    assert.sameMembers(input.required, ['entry_date', 'device_id', 'litres'])
    assert.equal(input.properties.litres.minimum, 0.01)
    assert.equal(
      doc.components.schemas.VehiclesInput.properties.imei.pattern,
      '^[0-9A-Za-z_-]{4,20}$'
    )
    assert.deepEqual(doc.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer' })
  })
})

test.group('API: the integrations page gives tokens their scopes', () => {
  const page = '/backend/settings/integrations-settings'

  test('a token is created with the scopes chosen; none is a localized error', async ({
    client,
    assert,
  }) => {
    const { user, company: mine } = await createMember({ role: 'admin' })
    const created = await client
      .post(`${page}/tokens`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({
        name: 'ERP',
        scopes: ['fuel-entries:write', 'vehicles:read', 'tracking:write', 'nope:read'],
      })
      .redirects(0)
    created.assertFlashMessage('success', 'The API token was created.')
    const stored = await ApiToken.query().where('company_id', mine.id).firstOrFail()
    // Known scopes only, tracking read-only, in catalogue order.
    assert.deepEqual(stored.scopes, ['vehicles:read', 'fuel-entries:write'])

    const none = await client
      .post('/tr/panel/ayarlar/entegrasyon-ayarlari/tokens')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ name: 'Boş', scopes: [] })
      .redirects(0)
    assert.deepEqual(inputErrors(none).scopes, ['En az bir kapsam seçin.'])
  })
})

test.group('API: record webhooks', (group) => {
  group.each.setup(() => {
    webhookAddresses.allowPrivate = true
    return () => {
      webhookAddresses.allowPrivate = false
    }
  })

  test('a fuel entry created through the API reaches a receiver signed; the documented recipe verifies it and refuses a replay', async ({
    client,
    assert,
  }) => {
    const verify = await documentedRecipe()
    const received: { body: string; headers: Record<string, string | string[] | undefined> }[] = []
    const receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        received.push({ body, headers: request.headers })
        response.end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const { company: mine, user, deviceId } = await company()
      const secret = 'receiver-secret-of-the-integrator'
      const hook = await Webhook.create({
        companyId: mine.id,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        secret: sealSecret(secret, WEBHOOK_SECRET_PURPOSE),
        active: true,
      })
      const token = await tokenFor(mine.id, user.id, ['fuel-entries:write'])
      const created = await client
        .post('/api/v1/fuel-entries')
        .header('authorization', bearer(token))
        .json({ entry_date: '2026-11-20', device_id: deviceId, litres: 42.5, total: 1912.5 })
      created.assertStatus(201)
      // A write refused by validation queues nothing.
      await client
        .post('/api/v1/fuel-entries')
        .header('authorization', bearer(token))
        .json({ litres: 1 })
      assert.lengthOf(await WebhookDelivery.query().where('webhook_id', hook.id), 1)

      await new WebhookDeliveryJob().run(DateTime.utc().plus({ seconds: 2 }))
      assert.lengthOf(received, 1)
      const [delivery] = received
      const body = JSON.parse(delivery.body)
      assert.equal(body.type, 'record.created')
      assert.equal(body.resource, 'fuel-entries')
      assert.equal(body.record.id, created.body().data.id)
      assert.equal(body.record.litres, 42.5)
      assert.equal(body.record.total, 1912.5)

      const headers = delivery.headers as Record<string, string>
      const stamp = Number(headers['x-fleettrack-timestamp'])
      assert.isTrue(verify(secret, headers, delivery.body))
      // Another secret, or a changed body, is refused.
      assert.isFalse(verify('another-secret', headers, delivery.body))
      assert.isFalse(verify(secret, headers, delivery.body.replace('42.5', '92.5')))
      // A replay: the same genuine delivery more than 5 minutes later is refused.
      assert.isTrue(verify(secret, headers, delivery.body, stamp + 299))
      assert.isFalse(verify(secret, headers, delivery.body, stamp + 301))
      // ...and with a fresh timestamp the old signature no longer matches.
      const replay = { ...headers, 'x-fleettrack-timestamp': String(stamp + 400) }
      assert.isFalse(verify(secret, replay, delivery.body, stamp + 400))
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })

  test('named events: fine created (from the page), leave decided; generic update and delete', async ({
    client,
    assert,
  }) => {
    const { company: mine, user, deviceId } = await company()
    const hook = await Webhook.create({
      companyId: mine.id,
      url: 'http://127.0.0.1:9/none',
      secret: sealSecret('s3cret-s3cret', WEBHOOK_SECRET_PURPOSE),
      active: true,
    })
    const page = '/backend/fleet/traffic-fines'
    const created = await client
      .post(page)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({
        fine_date: '2026-11-01',
        device_id: deviceId,
        amount: 994,
        currency: 'TRY',
        status: 'unpaid',
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const fine = await db.from('traffic_fines').where('company_id', mine.id).firstOrFail()

    const [leave] = await db
      .table('leave_requests')
      .insert({
        company_id: mine.id,
        start_date: '2026-12-01',
        end_date: '2026-12-03',
        status: 'pending',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    await decideRequest('fleet.leave-request', mine.id, leave.id, 'confirm', user.id)

    const token = await tokenFor(mine.id, user.id, ['traffic-fines:write'])
    await client
      .patch(`/api/v1/traffic-fines/${fine.id}`)
      .header('authorization', bearer(token))
      .json({ status: 'paid' })
    await client.delete(`/api/v1/traffic-fines/${fine.id}`).header('authorization', bearer(token))

    const deliveries = await WebhookDelivery.query().where('webhook_id', hook.id).orderBy('id')
    assert.deepEqual(
      deliveries.map((delivery) => [delivery.payload.type, delivery.payload.resource]),
      [
        ['fine.created', 'traffic-fines'],
        ['leave.decided', 'leave-requests'],
        ['record.updated', 'traffic-fines'],
        ['record.deleted', 'traffic-fines'],
      ]
    )
    const fineRecord = deliveries[0].payload.record as Record<string, unknown>
    assert.equal(fineRecord.amount, 994)
    assert.equal((deliveries[1].payload.record as Record<string, unknown>).status, 'approved')
    assert.equal((deliveries[2].payload.record as Record<string, unknown>).status, 'paid')
  })
})
