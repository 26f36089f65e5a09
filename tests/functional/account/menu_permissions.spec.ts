import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'
import { menuOfRoute } from '#shared/menu_permissions'

test.group('Menu permissions on the server', () => {
  test('every back-office page of a hideable menu maps to it; public pages to none', ({
    assert,
  }) => {
    assert.equal(menuOfRoute('reports.trip-summary'), 'reports')
    assert.equal(menuOfRoute('history.tracking'), 'history')
    assert.equal(menuOfRoute('settings.devices'), 'settings')
    assert.equal(menuOfRoute('fleet.drivers'), 'fleet')
    assert.equal(menuOfRoute('inventory.items'), 'inventory')
    assert.isNull(menuOfRoute('fleet'))
    assert.isNull(menuOfRoute('fleet.show'))
    assert.isNull(menuOfRoute('backend'))
    assert.isNull(menuOfRoute('assets.show'))
    assert.isNull(menuOfRoute('account.menu-permissions'))
  })

  test('a hidden menu pages answer /backend/unauthorized; others and other companies are unaffected', async ({
    client,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const other = await createMember({ role: 'user' })
    const hide = await client
      .put('/backend/account/menu-permissions')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/menu-permissions')
      .form({ hidden: ['reports', 'history'] })
      .redirects(0)
    hide.assertFlashMessage('success', 'Form submitted successfully.')

    const reports = await client.get('/backend/reports').loginAs(owner.user).redirects(0)
    reports.assertStatus(302)
    reports.assertHeader('location', '/backend/unauthorized')
    const trReports = await client
      .get('/tr/panel/raporlar/sefer-ozeti')
      .loginAs(owner.user)
      .redirects(0)
    trReports.assertHeader('location', '/tr/panel/yetkisiz')
    const history = await client.get('/backend/history').loginAs(owner.user).redirects(0)
    history.assertHeader('location', '/backend/unauthorized')
    const json = await client
      .get('/backend/reports/trip-summary')
      .header('accept', 'application/json')
      .loginAs(owner.user)
    json.assertStatus(403)

    const dashboard = await client.get('/backend').loginAs(owner.user)
    dashboard.assertStatus(200)
    const settings = await client.get('/backend/account/menu-permissions').loginAs(owner.user)
    settings.assertStatus(200)
    const elsewhere = await client.get('/backend/reports').loginAs(other.user)
    elsewhere.assertStatus(200)

    await client
      .put('/backend/account/menu-permissions')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/menu-permissions')
      .form({})
      .redirects(0)
    const again = await client.get('/backend/reports').loginAs(owner.user)
    again.assertStatus(200)
  })
})
