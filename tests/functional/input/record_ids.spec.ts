import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const BEYOND = ['2147483648', '99999999999', '100000000000000000000']

async function seedDriver(companyId: number) {
  const [row] = await db
    .table('drivers')
    .insert({
      name: 'Ayşe',
      status: 'active',
      company_id: companyId,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

test.group('Ids beyond the integer range', () => {
  test('every :id route answers the localized 404', async ({ client, assert }) => {
    const { user } = await createMember()
    for (const id of BEYOND) {
      const requests = [
        client.get(`/backend/assets/${id}`),
        client.get(`/tr/panel/araclar/${id}`),
        client.get(`/backend/settings/devices/data/${id}`),
        client.put(`/backend/settings/devices/${id}`).withCsrfToken().json({ name: 'x' }),
        client.delete(`/backend/settings/drivers/${id}`).withCsrfToken(),
        client.post(`/backend/assets/${id}/commands`).withCsrfToken().json({ kind: 'custom' }),
        client
          .post(`/backend/settings/drivers/${id}/assignment`)
          .withCsrfToken()
          .json({ deviceId: 1 }),
        client
          .delete(`/backend/fleet/drivers/${id}/assignment`)
          .withCsrfToken()
          .json({ deviceId: 1 }),
        client.put(`/backend/account/team-members/${id}`).withCsrfToken().json({ role: 'user' }),
        client.delete(`/backend/account/team-members/${id}`).withCsrfToken(),
        client.post(`/backend/companies/${id}/switch`).withCsrfToken(),
      ]
      for (const [index, request] of requests.entries()) {
        const response = await request.loginAs(user).header('accept', 'application/json')
        assert.equal(response.status(), 404, `${id}: request ${index}`)
      }
    }
    const english = await client
      .get(`/backend/assets/${BEYOND[0]}`)
      .loginAs(user)
      .header('accept', 'application/json')
    assert.equal(english.body().error, `Page not found: /backend/assets/${BEYOND[0]}`)
    const turkish = await client
      .get(`/tr/panel/araclar/${BEYOND[0]}`)
      .loginAs(user)
      .header('accept', 'application/json')
    assert.equal(turkish.body().error, `Sayfa bulunamadı: /tr/panel/araclar/${BEYOND[0]}`)
  })

  test('id fields of forms and queries are validated, not sent to the database', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    const driverId = await seedDriver(company.id)
    for (const id of [...BEYOND.map(Number), 1e300]) {
      const device = await client
        .post('/backend/settings/devices')
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/backend/settings/devices')
        .json({
          name: 'Van',
          imei: '123456789',
          protocol: 'teltonika',
          ownership: 'own',
          status: 'active',
          driver_id: id,
          group_id: id,
        })
        .redirects(0)
      assert.equal(device.status(), 302)
      assert.property(inputErrors(device), 'driver_id')
      assert.property(inputErrors(device), 'group_id')

      const assignment = await client
        .post('/backend/inventory/assignments')
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/backend/inventory/assignments')
        .json({ inventory_item_id: id, driver_id: id, assigned_at: '2026-11-20' })
        .redirects(0)
      assert.property(inputErrors(assignment), 'inventory_item_id')

      const driverAssignment = await client
        .post(`/backend/settings/drivers/${driverId}/assignment`)
        .withCsrfToken()
        .loginAs(user)
        .header('accept', 'application/json')
        .json({ deviceId: id })
      driverAssignment.assertStatus(422)
      assert.equal(driverAssignment.body().errors[0].field, 'deviceId')

      const history = await client
        .get(`/backend/history?deviceId=${id}`)
        .loginAs(user)
        .header('accept', 'application/json')
      history.assertStatus(422)
    }
    assert.lengthOf(await db.from('devices').where('company_id', company.id), 0)
    assert.lengthOf(await db.from('inventory_assignments').where('company_id', company.id), 0)
  })

  test('removing a driver assignment that does not exist answers 404', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    const other = await createMember()
    const foreignDriver = await seedDriver(other.company.id)
    const ownDriver = await seedDriver(company.id)
    for (const driverId of [123456789, foreignDriver]) {
      const response = await client
        .delete(`/backend/settings/drivers/${driverId}/assignment`)
        .withCsrfToken()
        .loginAs(user)
        .header('accept', 'application/json')
        .json({ deviceId: 1 })
      response.assertStatus(404)
    }
    const turkish = await client
      .delete('/tr/panel/ayarlar/suruculer/123456789/assignment')
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ deviceId: 1 })
    turkish.assertStatus(404)
    assert.equal(
      turkish.body().error,
      'Sayfa Bulunamadı: /tr/panel/ayarlar/suruculer/123456789/assignment'
    )
    // An own driver who is not in that vehicle: nothing to do, no error.
    const own = await client
      .delete(`/backend/settings/drivers/${ownDriver}/assignment`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/drivers')
      .json({ deviceId: 1 })
      .redirects(0)
    own.assertStatus(302)
  })
})

test.group('Company name', () => {
  for (const [path, message] of [
    ['/backend/account/company-settings', 'This name is already in use.'],
    ['/tr/panel/hesap/sirket-ayarlari', 'Bu ad zaten kullanılıyor.'],
  ] as const) {
    test(`a name another company uses is a field error (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember()
      const other = await createMember()
      const response = await client
        .put(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ name: other.company.name })
        .redirects(0)
      response.assertStatus(302)
      const errors = inputErrors(response).name
      assert.lengthOf(errors, 1)
      assert.equal(errors[0], message)
      await company.refresh()
      assert.notEqual(company.name, other.company.name)

      // Its own name again is fine.
      const same = await client
        .put(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ name: company.name })
        .redirects(0)
      same.assertFlashMessage('success', same.flashMessages().success)
      assert.isUndefined(inputErrors(same).name)
    })
  }
})
