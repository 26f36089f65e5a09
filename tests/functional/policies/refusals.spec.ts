import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

async function driverOf(companyId: number) {
  const [driver] = await db
    .table('drivers')
    .insert({
      company_id: companyId,
      name: 'Refused Driver',
      status: 'active',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return driver.id as number
}

test.group('Refusals are answered one way', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a page request goes back with the message, an API request gets 403 JSON', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company)
    const driverId = await driverOf(company.id)

    const fromPage = await client
      .post(`/backend/fleet/drivers/${driverId}/assignment`)
      .withCsrfToken()
      .loginAs(user)
      .header('x-inertia', 'true')
      .header('referer', '/backend/fleet/drivers')
      .json({ deviceId: vehicle.id })
      .redirects(0)
    fromPage.assertStatus(302)
    fromPage.assertHeader('location', '/backend/fleet/drivers')
    fromPage.assertFlashMessage('error', 'You do not have permission to do that.')

    const api = await client
      .post(`/tr/panel/filo/suruculer/${driverId}/assignment`)
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ deviceId: vehicle.id })
    api.assertStatus(403)
    assert.isString(api.body().error)
    assert.notEqual(api.body().error, 'You do not have permission to do that.', 'in Turkish')

    assert.isNull((await db.from('devices').where('id', vehicle.id).firstOrFail()).driver_id)
  })

  test('a page below the role redirects to the unauthorized page, its JSON is 403', async ({
    client,
  }) => {
    const { user } = await createMember({ role: 'user' })
    const page = await client.get('/backend/account/company-settings').loginAs(user).redirects(0)
    page.assertHeader('location', '/backend/unauthorized')

    const json = await client
      .get('/backend/account/company-settings')
      .loginAs(user)
      .header('accept', 'application/json')
    json.assertStatus(403)
    json.assertBodyContains({ error: 'You do not have permission to do that.' })
  })
})
