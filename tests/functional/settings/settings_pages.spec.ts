import db from '@adonisjs/lucid/services/db'
import { test } from '@japa/runner'
import User from '#models/user'
import Building from '#models/building'
import CompanySetting from '#models/company_setting'
import { addMember } from '#actions/accounts/team_membership'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const pages = {
  buildings: ['/backend/settings/buildings', '/tr/panel/ayarlar/binalar'],
  workingHours: ['/backend/settings/working-hours', '/tr/panel/ayarlar/calisma-saatleri'],
  other: ['/backend/settings/other-settings', '/tr/panel/ayarlar/diger-ayarlar'],
  email: ['/backend/settings/email-settings', '/tr/panel/ayarlar/eposta-ayarlari'],
  sms: ['/backend/settings/sms-settings', '/tr/panel/ayarlar/sms-ayarlari'],
}

async function memberOf(
  company: Awaited<ReturnType<typeof createMember>>['company'],
  role: 'user' | 'manager' | 'admin'
) {
  const user = await User.create({
    email: `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'pw-12345678',
  })
  await addMember(company, user, role)
  return user
}

const weekHours = (overrides: Record<string, string | boolean> = {}) => ({
  mon_from: '08:00',
  mon_to: '18:00',
  tue_from: '08:00',
  tue_to: '18:00',
  wed_from: '08:00',
  wed_to: '18:00',
  thu_from: '08:00',
  thu_to: '18:00',
  fri_from: '08:00',
  fri_to: '17:00',
  sat_off: true,
  sun_off: true,
  ...overrides,
})

test.group('Settings pages: working hours', () => {
  test('an admin saves hours per weekday; a day off has none', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const page = await client.get(pages.workingHours[0]).loginAs(user).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('settings/working_hours')
    assert.isFalse(page.inertiaProps.configured)

    const saved = await client
      .put(pages.workingHours[0])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.workingHours[0])
      .json(weekHours({ sat_off: false, sat_from: '22:00', sat_to: '04:00' }))
      .redirects(0)
    saved.assertFlashMessage('success', 'Form submitted successfully.')
    const settings = await CompanySetting.findOrFail(company.id)
    assert.deepEqual(settings.workingHours!.fri, { from: '08:00', to: '17:00' })
    assert.deepEqual(settings.workingHours!.sat, { from: '22:00', to: '04:00' })
    assert.isNull(settings.workingHours!.sun)

    const again = await client.get(pages.workingHours[1]).loginAs(user).withInertia()
    assert.isTrue(again.inertiaProps.configured)
    const days = again.inertiaProps.days as { day: string; off: boolean; from: string }[]
    assert.deepEqual(
      days.find((day) => day.day === 'sun'),
      { day: 'sun', off: true, from: '', to: '' } as any
    )
  })

  test('a bad time is a localized 422-style error and nothing is saved', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const english = await client
      .put(pages.workingHours[0])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.workingHours[0])
      .json(weekHours({ mon_from: '25:00', tue_to: '' }))
      .redirects(0)
    assert.deepEqual(inputErrors(english).mon_from, [
      'Please enter the Monday start time as HH:mm, e.g. 08:30.',
    ])
    assert.deepEqual(inputErrors(english).tue_to, ['The Tuesday end field is required.'])
    english.assertFlashMessage('error', 'Failed to submit form.')

    const turkish = await client
      .put(pages.workingHours[1])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.workingHours[1])
      .json(weekHours({ mon_from: '8' }))
      .redirects(0)
    assert.deepEqual(inputErrors(turkish).mon_from, [
      'Lütfen Pazartesi başlangıç saatini SS:dd biçiminde girin, örn. 08:30.',
    ])
    turkish.assertFlashMessage('error', 'Form gönderilemedi.')

    const json = await client
      .put(pages.workingHours[0])
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json(weekHours({ wed_from: 'noon' }))
    json.assertStatus(422)
    assert.isNull(await CompanySetting.find(company.id))
  })

  test('below admin cannot open or change the settings pages', async ({ client, assert }) => {
    const { company } = await createMember({ role: 'owner' })
    for (const role of ['user', 'manager'] as const) {
      const member = await memberOf(company, role)
      for (const [path] of Object.values(pages)) {
        const page = await client.get(path).loginAs(member).redirects(0)
        page.assertStatus(302)
        assert.equal(page.header('location'), '/backend/unauthorized')
      }
      const change = await client
        .put(pages.workingHours[0])
        .withCsrfToken()
        .loginAs(member)
        .header('referer', pages.workingHours[0])
        .json(weekHours())
        .redirects(0)
      change.assertFlashMessage('error', 'You do not have permission to do that.')
    }
    assert.isNull(await CompanySetting.find(company.id))
  })
})

test.group('Settings pages: buildings', () => {
  test('an admin adds, edits and deletes a building; the map layer lists it for every member', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const created = await client
      .post(pages.buildings[0])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.buildings[0])
      .json({ name: 'Tuzla depot', latitude: 40.8163, longitude: 29.3011 })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const building = await Building.query().where('company_id', company.id).firstOrFail()
    assert.equal(building.name, 'Tuzla depot')
    assert.closeTo(building.latitude, 40.8163, 1e-9)

    const page = await client.get(pages.buildings[1]).loginAs(user).withInertia()
    page.assertInertiaComponent('settings/buildings')
    assert.deepEqual(page.inertiaProps.buildings, [
      { id: building.id, name: 'Tuzla depot', latitude: 40.8163, longitude: 29.3011 },
    ])

    const updated = await client
      .put(`${pages.buildings[1]}/${building.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.buildings[1])
      .json({ name: 'Tuzla deposu', latitude: 40.82, longitude: 29.3 })
      .redirects(0)
    updated.assertFlashMessage('success', 'Kayıt başarıyla güncellendi!')
    await building.refresh()
    assert.equal(building.name, 'Tuzla deposu')

    const viewer = await memberOf(company, 'user')
    const layer = await client.get(`${pages.buildings[0]}/data`).loginAs(viewer)
    layer.assertStatus(200)
    assert.deepEqual(
      layer.body().buildings.map((b: { name: string }) => b.name),
      ['Tuzla deposu']
    )

    const deleted = await client
      .delete(`${pages.buildings[0]}/${building.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.buildings[0])
      .redirects(0)
    deleted.assertFlashMessage('success', 'Item deleted successfully')
    assert.isNull(await Building.find(building.id))
  })

  test('bad coordinates and a taken name are field errors in both languages', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    await Building.create({ companyId: company.id, name: 'HQ', latitude: 41, longitude: 29 })
    const bad = await client
      .post(pages.buildings[0])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.buildings[0])
      .json({ name: '', latitude: 95, longitude: 'east' })
      .redirects(0)
    const errors = inputErrors(bad)
    assert.deepEqual(errors.name, ['The Name field is required.'])
    assert.deepEqual(errors.latitude, ['The Latitude must be between -90 and 90.'])
    assert.deepEqual(errors.longitude, ['The Longitude must be a number.'])

    const taken = await client
      .post(pages.buildings[1])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.buildings[1])
      .json({ name: 'hq', latitude: 41.1, longitude: 29.1 })
      .redirects(0)
    assert.deepEqual(inputErrors(taken).name, ['Bu adla bir bina zaten var.'])
    assert.lengthOf(await Building.query().where('company_id', company.id), 1)
  })

  test("another company's building answers 404 and is left alone", async ({ client, assert }) => {
    const mine = await createMember({ role: 'owner' })
    const theirs = await createMember({ role: 'owner' })
    const building = await Building.create({
      companyId: theirs.company.id,
      name: 'Their depot',
      latitude: 59.43,
      longitude: 24.75,
    })
    const update = await client
      .put(`${pages.buildings[0]}/${building.id}`)
      .withCsrfToken()
      .loginAs(mine.user)
      .json({ name: 'Mine now', latitude: 1, longitude: 1 })
    update.assertStatus(404)
    const remove = await client
      .delete(`${pages.buildings[0]}/${building.id}`)
      .withCsrfToken()
      .loginAs(mine.user)
    remove.assertStatus(404)
    await building.refresh()
    assert.equal(building.name, 'Their depot')
    const layer = await client.get(`${pages.buildings[0]}/data`).loginAs(mine.user)
    assert.deepEqual(layer.body().buildings, [])
  })
})

test.group('Settings pages: other settings and the disaster alert system', () => {
  test('an admin saves the periods and switches; bad numbers are refused', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const page = await client.get(pages.other[0]).loginAs(user).withInertia()
    page.assertInertiaComponent('settings/other_settings')
    assert.equal(page.inertiaProps.values.archive_days, '')

    const saved = await client
      .put(pages.other[1])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.other[1])
      .json({ archive_days: 365, licence_expiry_days: 30, fuel_report_sending: true })
      .redirects(0)
    saved.assertFlashMessage('success', 'Form başarıyla gönderildi.')
    const settings = await CompanySetting.findOrFail(company.id)
    assert.equal(settings.archiveDays, 365)
    assert.equal(settings.licenceExpiryDays, 30)
    assert.isTrue(settings.fuelReportSending)
    assert.isFalse(settings.geofenceAlarms)

    const bad = await client
      .put(pages.other[0])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pages.other[0])
      .json({ archive_days: 0, licence_expiry_days: 2.5 })
      .redirects(0)
    assert.deepEqual(inputErrors(bad).archive_days, [
      'The Data archiving period (days) must be between 1 and 3650.',
    ])
    assert.deepEqual(inputErrors(bad).licence_expiry_days, [
      'The Licence expiry notification (days before) must be a whole number.',
    ])
    await settings.refresh()
    assert.equal(settings.archiveDays, 365)
  })

  test('the implausible-speed limit is saved into the tracking settings and can be cleared', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const trackingSettings = async () =>
      (await db.from('companies').where('id', company.id).firstOrFail()).tracking_settings ?? {}
    const save = (body: Record<string, unknown>) =>
      client
        .put(pages.other[0])
        .withCsrfToken()
        .loginAs(user)
        .header('referer', pages.other[0])
        .json(body)
        .redirects(0)

    await save({ max_plausible_speed_kmh: 200 })
    assert.equal((await trackingSettings()).maxPlausibleSpeedKmh, 200)
    const page = await client.get(pages.other[0]).loginAs(user).withInertia()
    assert.equal(page.inertiaProps.values.max_plausible_speed_kmh, '200')

    const bad = await save({ max_plausible_speed_kmh: 20 })
    assert.deepEqual(inputErrors(bad).max_plausible_speed_kmh, [
      'The Implausible speed (km/h) must be between 80 and 1000.',
    ])
    assert.equal((await trackingSettings()).maxPlausibleSpeedKmh, 200)

    await save({})
    assert.notProperty(await trackingSettings(), 'maxPlausibleSpeedKmh')
  })

  test('the temperature range is saved into the tracking settings, checked and can be cleared', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const trackingSettings = async () =>
      (await db.from('companies').where('id', company.id).firstOrFail()).tracking_settings ?? {}
    const save = (body: Record<string, unknown>) =>
      client
        .put(pages.other[0])
        .withCsrfToken()
        .loginAs(user)
        .header('referer', pages.other[0])
        .json(body)
        .redirects(0)

    await save({ temperature_min_c: -2.5, temperature_max_c: 8 })
    const stored = await trackingSettings()
    assert.equal(stored.temperatureMinC, -2.5)
    assert.equal(stored.temperatureMaxC, 8)
    const page = await client.get(pages.other[0]).loginAs(user).withInertia()
    assert.equal(page.inertiaProps.values.temperature_min_c, '-2.5')
    assert.equal(page.inertiaProps.values.temperature_max_c, '8')

    const bad = await save({ temperature_min_c: 8, temperature_max_c: 2 })
    assert.deepEqual(inputErrors(bad).temperature_max_c, [
      'The maximum must not be below the minimum.',
    ])
    assert.equal((await trackingSettings()).temperatureMaxC, 8)

    await save({})
    assert.notProperty(await trackingSettings(), 'temperatureMinC')
    assert.notProperty(await trackingSettings(), 'temperatureMaxC')
  })

  test('the disaster alert system is a proper "coming soon" page for every member', async ({
    client,
  }) => {
    const { company } = await createMember({ role: 'owner' })
    const viewer = await memberOf(company, 'user')
    const english = await client
      .get('/backend/settings/disaster-alert-system')
      .loginAs(viewer)
      .withInertia()
    english.assertStatus(200)
    english.assertInertiaComponent('settings/disaster_alert_system')
    const turkish = await client.get('/tr/panel/ayarlar/afet-uyari-sistemi').loginAs(viewer)
    turkish.assertStatus(200)
    turkish.assertTextIncludes('Çok yakında')
  })
})
