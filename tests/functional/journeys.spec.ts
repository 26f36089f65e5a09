import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'

test.group('Small journeys (issue 15 item 9)', () => {
  test('/login while signed in goes to the dashboard, in each language', async ({ client }) => {
    const { user } = await createMember()
    const english = await client.get('/login').loginAs(user).redirects(0)
    english.assertStatus(302)
    english.assertHeader('location', '/backend')
    const turkish = await client.get('/tr/giris').loginAs(user).redirects(0)
    turkish.assertHeader('location', '/tr/panel')
  })

  test('/login while signed in goes to the intended page when there is one', async ({ client }) => {
    const { user } = await createMember()
    const response = await client
      .get('/login')
      .withSession({ intended_path: '/backend/account/settings' })
      .loginAs(user)
      .redirects(0)
    response.assertHeader('location', '/backend/account/settings')
    const outside = await client
      .get('/login')
      .withSession({ intended_path: '//evil.example/steal' })
      .loginAs(user)
      .redirects(0)
    outside.assertHeader('location', '/backend')
  })

  test('access denied says why in both languages, links back, no sidebar for an anonymous visitor', async ({
    client,
    assert,
  }) => {
    const english = await client.get('/backend/unauthorized')
    english.assertStatus(200)
    assert.include(english.text(), 'This page is only available to signed-in users')
    assert.include(english.text(), 'href="/login"')
    assert.notInclude(english.text(), 'aria-label="Back-office navigation"')

    const turkish = await client.get('/tr/panel/yetkisiz')
    assert.include(turkish.text(), 'Bu sayfa yalnızca doğru role sahip')
    assert.include(turkish.text(), 'href="/tr/giris"')
    assert.notInclude(turkish.text(), 'aria-label="Yönetim paneli menüsü"')

    const { user } = await createMember()
    const signedIn = await client.get('/backend/unauthorized').loginAs(user)
    assert.include(signedIn.text(), 'Your role in this company does not allow this page')
    assert.include(signedIn.text(), 'Back to the dashboard')
    assert.include(signedIn.text(), 'aria-label="Back-office navigation"')
  })

  test('a 500 in the log names the request method and path', async ({ assert }) => {
    const req = new IncomingMessage(new Socket())
    req.method = 'POST'
    req.url = '/backend/settings/devices?x=1'
    const ctx = await testUtils.createHttpContext({ req })
    const logged: { level: string; fields: Record<string, unknown>; message: string }[] = []
    ;(ctx as any).logger = {
      log: (level: string, fields: Record<string, unknown>, message: string) =>
        logged.push({ level, fields, message }),
    }
    await new HttpExceptionHandler().report(new Error('boom'), ctx)
    assert.lengthOf(logged, 1)
    assert.equal(logged[0].level, 'error')
    assert.equal(logged[0].fields.method, 'POST')
    assert.equal(logged[0].fields.path, '/backend/settings/devices')
  })
})

test.group('Search by what you see (issue 15 item 8)', () => {
  test('the tracking history search matches the vehicle name, the plate and the IMEI', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    const named = await createVehicle(company, { name: '34 AAB 101', plate: null })
    const plated = await createVehicle(company, { name: 'Van', plate: '06 ZZ 42' })
    const start = DateTime.now().minus({ hours: 2 }).startOf('second')
    await seedTrip(named, company, { start, count: 3 })
    await seedTrip(plated, company, { start, count: 2 })

    const search = async (q: string) => {
      const response = await client
        .get(`/backend/history/tracking/data?fields=device&q=${encodeURIComponent(q)}`)
        .loginAs(user)
      response.assertStatus(200)
      return response.body().data.map((row: { device: string }) => row.device) as string[]
    }
    assert.deepEqual(await search('34 AAB 101'), ['34 AAB 101', '34 AAB 101', '34 AAB 101'])
    assert.deepEqual(await search('06 zz'), ['Van', 'Van'])
    assert.deepEqual(await search(named.imei), ['34 AAB 101', '34 AAB 101', '34 AAB 101'])
  })

  test('ignition reads as a boolean in the tracking history, not text', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    const vehicle = await createVehicle(company)
    await seedTrip(vehicle, company, { start: DateTime.now().minus({ hours: 1 }), count: 2 })
    const response = await client
      .get('/backend/history/tracking/data?fields=ignition')
      .loginAs(user)
    assert.strictEqual(response.body().data[0].ignition, true)
  })
})
