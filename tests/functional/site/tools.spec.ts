import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { computeSavings } from '#shared/savings'
import { formatMoney } from '#shared/quote_pricing'
import { encodeCodec12Command } from '#tracking/protocols/teltonika/teltonika_encoder'
import { createMember } from '#tests/helpers/accounts'
import { t } from './support.js'

let imeiSequence = 0
function newImei() {
  imeiSequence++
  return `35${String(Date.now()).slice(-9)}${String(imeiSequence).padStart(4, '0')}`
}

async function addDevice(companyId: number, imei: string, lastSeen: Date | null) {
  const [device] = await db
    .table('devices')
    .insert({
      company_id: companyId,
      name: 'Van 7',
      plate: '34 FT 707',
      imei,
      protocol: 'teltonika',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  await db.table('device_states').insert({
    device_id: device.id ?? device,
    company_id: companyId,
    last_seen_at: lastSeen,
    fix_time: lastSeen,
    online: true,
    latitude: 41.0151,
    longitude: 28.9795,
    speed: 42,
    updated_at: new Date(),
  })
}

test.group('Savings calculator page (/test/cost)', () => {
  test('computes on the server from the GET form, without JavaScript', async ({
    client,
    assert,
  }) => {
    const query = {
      vehicleClass: 'light_commercial',
      annualKm: '40000',
      consumptionPer100Km: '10',
      fuelPricePerLitre: '45',
      vehicles: '5',
    }
    const response = await client.get('/tr/test/maliyet').qs(query)
    response.assertStatus(200)
    const expected = computeSavings({
      vehicleClass: 'light_commercial',
      annualKm: 40_000,
      consumptionPer100Km: 10,
      fuelPricePerLitre: 45,
      vehicles: 5,
    })
    const html = response.text()
    assert.include(html, formatMoney(expected.yearlyFuelCostKurus, 'TRY', 'tr'))
    assert.include(html, formatMoney(expected.yearlySavingKurus, 'TRY', 'tr'))
    assert.equal(formatMoney(expected.yearlySavingKurus, 'TRY', 'tr'), '₺108.000,00')
    // The stated assumptions and a GET form.
    assert.include(html, 'method="get"')
    assert.include(html, 'Daha az rölanti')
  })

  test('out-of-range values show what to fix', async ({ client, assert }) => {
    const response = await client.get('/test/cost').qs({
      vehicleClass: 'heavy_vehicle',
      annualKm: '-5',
      consumptionPer100Km: '30',
      fuelPricePerLitre: '45',
    })
    response.assertStatus(200)
    assert.include(response.text(), 'Please correct the highlighted values')
  })
})

test.group('Supported devices (/test/device-lists)', () => {
  test('lists Teltonika, Concox and Traccar Client with their ports', async ({
    client,
    assert,
  }) => {
    for (const path of ['/test/device-lists', '/tr/test/cihaz-listeleri']) {
      const html = (await client.get(path)).text()
      for (const text of [
        'FMB920',
        'FMC130',
        'GT06N',
        'Traccar Client',
        'TCP 5027',
        'TCP 5023',
        'HTTP 5055',
      ]) {
        assert.include(html, text, `${path}: ${text}`)
      }
    }
  })
})

test.group('Internal tools', () => {
  test('device check: own devices with their last contact, nothing of other companies', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const other = await createMember({ role: 'owner' })
    const mine = newImei()
    const theirs = newImei()
    const lastSeen = new Date('2026-11-21T08:30:00Z')
    await addDevice(company.id, mine, lastSeen)
    await addDevice(other.company.id, theirs, new Date())

    const own = await client.get('/test/check').qs({ imei: mine }).loginAs(user).withInertia()
    own.assertStatus(200)
    own.assertInertiaPropsContains({
      result: {
        status: 'registered',
        device: { name: 'Van 7', plate: '34 FT 707', protocol: 'teltonika', active: true },
        lastSeenAt: '2026-11-21T08:30:00.000Z',
        online: true,
      },
    })

    const foreign = await client.get('/test/check').qs({ imei: theirs }).loginAs(user).withInertia()
    foreign.assertInertiaPropsContains({ result: { status: 'unknown' } })
    assert.notInclude(JSON.stringify(foreign.inertiaProps), 'Van 7')
  })

  test('device check: an unregistered tracker that connected, and bad input', async ({
    client,
  }) => {
    const { user } = await createMember({ role: 'user' })
    const imei = newImei()
    await db.table('unregistered_devices').insert({
      imei,
      protocol: 'gt06',
      remote_address: '203.0.113.9:40312',
      attempts: 3,
      first_seen_at: new Date('2026-11-20T10:00:00Z'),
      last_seen_at: new Date('2026-11-21T10:00:00Z'),
    })
    const seen = await client.get('/tr/test/kontrol').qs({ imei }).loginAs(user).withInertia()
    seen.assertInertiaPropsContains({
      result: { status: 'unregistered', protocol: 'gt06', attempts: 3 },
    })
    seen.assertInertiaPropsContains({ result: { lastSeenAt: '2026-11-21T10:00:00.000Z' } })

    const bad = await client
      .get('/tr/test/kontrol')
      .qs({ imei: '35; DROP' })
      .loginAs(user)
      .withInertia()
    bad.assertInertiaPropsContains({
      error: t('tr', 'validator.shared.messages.imei.regex'),
      result: null,
    })
  })

  test('command builder: Teltonika engine block as Codec 12 hex', async ({ client }) => {
    const { user } = await createMember({ role: 'user' })
    const response = await client
      .get('/test/command-builder')
      .qs({ protocol: 'teltonika', action: 'engine_block' })
      .loginAs(user)
      .withInertia()
    response.assertInertiaPropsContains({
      result: {
        text: 'setdigout 1',
        hex: encodeCodec12Command('setdigout 1').toString('hex').toUpperCase(),
      },
    })
    const invalid = await client
      .get('/test/command-builder')
      .qs({ protocol: 'gt06', action: 'custom', custom: '' })
      .loginAs(user)
      .withInertia()
    invalid.assertInertiaPropsContains({ result: null, error: 'empty' })
  })

  test('device profile: server, port and setup SMS of a model', async ({ client, assert }) => {
    const { user } = await createMember({ role: 'user' })
    const response = await client
      .get('/tr/test/cihaz-profili')
      .qs({ device: 'gt06n', apn: 'internet' })
      .loginAs(user)
      .withInertia()
    response.assertInertiaPropsContains({ profile: { port: 5023, transport: 'TCP' } })
    const lines = (response.inertiaProps as { profile: { setup: { lines: string[] } } }).profile
      .setup.lines
    assert.equal(lines[0], 'APN,internet#')
    assert.match(lines[1], /^SERVER,[01],127\.0\.0\.1,5023,0#$/)
  })

  test('translator: admins see every key in both languages; others are turned away', async ({
    client,
    assert,
  }) => {
    const { user: admin } = await createMember({ role: 'admin' })
    const response = await client
      .get('/translator')
      .qs({ namespace: 'validator', q: 'Email is required' })
      .loginAs(admin)
      .withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as {
      total: number
      namespaces: string[]
      rows: { key: string; en: string; tr: string; status: string }[]
    }
    assert.includeMembers(props.namespaces, ['common', 'site', 'validator'])
    assert.deepEqual(
      props.rows.map((row) => [row.key, row.tr]),
      [['validator.shared.messages.email.required', 'E-posta zorunludur.']]
    )

    const all = await client
      .get('/tr/cevirmen')
      .qs({ namespace: 'site', q: 'contact.success' })
      .loginAs(admin)
      .withInertia()
    const rows = (all.inertiaProps as typeof props).rows
    assert.deepEqual(
      rows.find((row) => row.key === 'site.contact.success'),
      {
        key: 'site.contact.success',
        namespace: 'site',
        en: 'Message submitted successfully.',
        tr: 'Mesajınız başarıyla gönderildi.',
        status: 'ok',
      }
    )
    const identical = await client
      .get('/translator')
      .qs({ status: 'identical', q: 'site.lists.blog' })
      .loginAs(admin)
      .withInertia()
    assert.deepEqual(
      (identical.inertiaProps as typeof props).rows.map((row) => row.key),
      ['site.lists.blog.eyebrow']
    )

    const { user } = await createMember({ role: 'user' })
    const refused = await client.get('/translator').loginAs(user).redirects(0)
    refused.assertStatus(302)
    refused.assertHeader('location', '/backend/unauthorized')
  })
})
