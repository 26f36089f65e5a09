import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { addTrip, createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'
import ExcelJS from 'exceljs'
import { baseUrl, signIn } from '#tests/helpers/http_session'

const settings = (overrides: Record<string, string> = {}) => ({
  timezone: 'Europe/Istanbul',
  locale: 'en',
  date_format: 'dd.MM.yyyy',
  default_map_layer: 'osm',
  default_home_page: 'backend',
  ...overrides,
})

async function save(client: any, user: any, values: Record<string, string>, page: string) {
  return client
    .put(`${page}/preferences`)
    .withCsrfToken()
    .loginAs(user)
    .header('referer', page)
    .json(settings(values))
    .redirects(0)
}

test.group('User settings that act (issue 13 item 10)', () => {
  test('every setting is stored; bad values are refused with localized errors, nothing changed', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const saved = await save(
      client,
      user,
      {
        timezone: 'America/New_York',
        date_format: 'MM/dd/yyyy',
        default_map_layer: 'topo',
        default_home_page: 'history',
      },
      '/backend/account/settings'
    )
    saved.assertStatus(302)
    saved.assertHeader('location', '/backend/account/settings')
    saved.assertFlashMessage('success', 'Settings updated successfully.')
    await user.refresh()
    assert.equal(user.timezone, 'America/New_York')
    assert.equal(user.dateFormat, 'MM/dd/yyyy')
    assert.equal(user.defaultMapLayer, 'topo')
    assert.equal(user.defaultHomePage, 'history')

    const bad = await save(
      client,
      user,
      { date_format: 'yy', default_map_layer: 'mars', default_home_page: 'nowhere', locale: 'de' },
      '/tr/panel/hesap/ayarlar'
    )
    const errors = inputErrors(bad)
    for (const field of ['date_format', 'default_map_layer', 'default_home_page', 'locale']) {
      assert.lengthOf(errors[field] ?? [], 1, field)
    }
    await user.refresh()
    assert.equal(user.dateFormat, 'MM/dd/yyyy')
    assert.equal(user.locale, 'en')
  })

  test('a new language opens the settings page in it, with the message in it, and is remembered', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const turkish = await save(client, user, { locale: 'tr' }, '/backend/account/settings')
    turkish.assertHeader('location', '/tr/panel/hesap/ayarlar')
    turkish.assertFlashMessage('success', 'Ayarlar başarıyla güncellendi.')
    assert.include(String(turkish.header('set-cookie')), 'locale=tr')
    await user.refresh()
    assert.equal(user.locale, 'tr')

    const english = await save(client, user, { locale: 'en' }, '/tr/panel/hesap/ayarlar')
    english.assertHeader('location', '/backend/account/settings')
    english.assertFlashMessage('success', 'Settings updated successfully.')
  })

  test('sign-in lands on the chosen home page in the user language; a /tr sign-in stays Turkish', async ({
    client,
  }) => {
    const { user } = await createMember({ password: 'right-password' })
    user.merge({ defaultHomePage: 'reports', locale: 'tr' })
    await user.save()
    const english = await client
      .post('/login')
      .withCsrfToken()
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    english.assertHeader('location', '/tr/panel/raporlar')

    user.merge({ defaultHomePage: 'assets', locale: 'en' })
    await user.save()
    const turkish = await client
      .post('/tr/giris')
      .withCsrfToken()
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    turkish.assertHeader('location', '/tr/panel/araclar')

    // Already signed in: the login page sends them home too.
    const again = await client.get('/login').loginAs(user).redirects(0)
    again.assertHeader('location', '/backend/assets')
  })

  test('/backend opened afresh goes to the chosen home page; the sidebar still shows the dashboard', async ({
    client,
  }) => {
    const { user } = await createMember()
    user.defaultHomePage = 'history'
    await user.save()
    const fresh = await client.get('/tr/panel').loginAs(user).redirects(0)
    fresh.assertStatus(302)
    fresh.assertHeader('location', '/tr/panel/gecmis')

    const inside = await client.get('/backend').withInertia().loginAs(user)
    inside.assertStatus(200)
    inside.assertInertiaComponent('backend/dashboard')

    user.defaultHomePage = 'backend'
    await user.save()
    const dashboard = await client.get('/backend').loginAs(user).redirects(0)
    dashboard.assertStatus(200)
  })

  test('the default map layer is the first layer of the live map and the history', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    user.defaultMapLayer = 'topo'
    await user.save()
    for (const path of ['/backend/live', '/backend/history']) {
      const response = await client.get(path).withInertia().loginAs(user)
      response.assertStatus(200)
      const props = response.inertiaProps as Record<string, any>
      assert.equal(props.map.defaultLayer, 'topo', path)
    }
  })

  test('time zone and date format reach every page and the exports', async ({ client, assert }) => {
    const { user, company } = await createMember()
    user.merge({ timezone: 'America/New_York', dateFormat: 'MM/dd/yyyy' })
    await user.save()
    const page = await client.get('/backend/account/settings').withInertia().loginAs(user)
    const props = page.inertiaProps as Record<string, any>
    assert.deepEqual(props.displayPreferences, {
      timezone: 'America/New_York',
      dateFormat: 'MM/dd/yyyy',
    })

    const vehicle = await createVehicle(company, { name: '34 US 001' })
    const start = DateTime.utc().minus({ hours: 3 }).startOf('minute')
    const trip = await seedTrip(vehicle, company, { start, count: 1 })
    const csv = await client
      .get('/backend/history/tracking/export?format=csv&fields=fix_time,device')
      .loginAs(user)
    csv.assertStatus(200)
    const lines = csv
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    const expected = trip.start.setZone('America/New_York').toFormat('MM/dd/yyyy HH:mm:ss')
    assert.equal(lines[1], `${expected},34 US 001`)
  })

  test('server-rendered back-office dates follow them too (unregistered trackers)', async ({
    client,
  }) => {
    const { user } = await createMember({ role: 'admin' })
    user.merge({ timezone: 'America/New_York', dateFormat: 'yyyy-MM-dd' })
    await user.save()
    const seenAt = new Date('2026-03-01T03:30:00.000Z')
    await db.table('unregistered_devices').insert({
      imei: `35${Date.now()}`.slice(0, 15),
      protocol: 'gt06',
      remote_address: '10.0.0.9',
      attempts: 1,
      first_seen_at: seenAt,
      last_seen_at: seenAt,
    })
    const page = await client.get('/backend/settings/unregistered-devices').loginAs(user)
    page.assertStatus(200)
    // 03:30 UTC is 22:30 of the day before in New York (UTC-5 in March).
    page.assertTextIncludes('2026-02-28 22:30')
  })

  test('a save the database refuses answers the spec failure messages, nothing changed', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    await db.rawQuery(`CREATE OR REPLACE FUNCTION refuse_user_update() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$ LANGUAGE plpgsql`)
    await db.rawQuery(
      `CREATE TRIGGER refuse_user_update BEFORE UPDATE ON users FOR EACH ROW
       WHEN (OLD.id = ${Number(user.id)}) EXECUTE FUNCTION refuse_user_update()`
    )
    try {
      const settingsSave = await save(
        client,
        user,
        { default_home_page: 'reports' },
        '/backend/account/settings'
      )
      settingsSave.assertFlashMessage('error', 'Failed to update settings.')
      const profileSave = await client
        .put('/tr/panel/hesap/ayarlar/profile')
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/tr/panel/hesap/ayarlar')
        .json({ full_name: 'Never' })
        .redirects(0)
      profileSave.assertFlashMessage('error', 'Profil güncellenemedi.')
    } finally {
      await db.rawQuery('DROP TRIGGER IF EXISTS refuse_user_update ON users')
      await db.rawQuery('DROP FUNCTION IF EXISTS refuse_user_update()')
    }
    await user.refresh()
    assert.equal(user.defaultHomePage, 'backend')
    assert.isNull(user.fullName)
  })

  test('report exports (CSV, XLSX) are in the user time zone and date format', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.merge({ timezone: 'America/New_York', dateFormat: 'MM/dd/yyyy' })
    await user.save()
    const vehicle = await createVehicle(company, { name: 'NY Van' })
    // A trip that started a few minutes ago, today in New York (whatever the machine's clock).
    const now = DateTime.now().setZone('America/New_York')
    const recent = now.minus({ minutes: 5 }).startOf('minute')
    const start = recent < now.startOf('day') ? now.startOf('day') : recent
    await addTrip(vehicle, company, { start, distance: 12000, duration: 120 })
    const expected = start.toFormat('MM/dd/yyyy HH:mm')

    const csv = await client
      .get('/backend/reports/trip-summary/export')
      .qs({ period: 'today', format: 'csv' })
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.text(), expected)

    const cookie = await signIn(user.email, 'secret-password')
    const xlsx = await fetch(
      `${baseUrl()}/backend/reports/trip-summary/export?period=today&format=xlsx`,
      { headers: { cookie } }
    )
    assert.equal(xlsx.status, 200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    // The start is a spreadsheet date: New York's wall-clock time, in the user's date order.
    const startCell = workbook.worksheets[0].getRow(2).getCell(4)
    assert.instanceOf(startCell.value, Date)
    assert.equal(
      (startCell.value as Date).toISOString().slice(0, 16),
      start.toFormat("yyyy-MM-dd'T'HH:mm")
    )
    assert.equal(startCell.numFmt, 'mm/dd/yyyy hh:mm:ss')
  })
})
