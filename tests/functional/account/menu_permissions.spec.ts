import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
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

  test('per role and per member: the member setting overrides the role, the role the company', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const stamp = Date.now()
    const alice = await User.create({
      email: `alice-${stamp}@example.com`,
      password: 'pw-12345678',
    })
    const bob = await User.create({ email: `bob-${stamp}@example.com`, password: 'pw-12345678' })
    const manager = await User.create({
      email: `mgr-${stamp}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(owner.company, alice, 'user')
    await addMember(owner.company, bob, 'user')
    await addMember(owner.company, manager, 'manager')
    const save = (form: Record<string, unknown>) =>
      client
        .put('/backend/account/menu-permissions')
        .withCsrfToken()
        .loginAs(owner.user)
        .header('referer', '/backend/account/menu-permissions')
        .json(form)
        .redirects(0)

    // Users may not open reports; Bob, as an exception, may.
    ;(await save({ scope: 'role', role: 'user', hidden: ['reports'] })).assertFlashMessage(
      'success',
      'Form submitted successfully.'
    )
    await save({ scope: 'user', user_id: bob.id, hidden: [] })

    const blocked = await client.get('/backend/reports').loginAs(alice).redirects(0)
    blocked.assertHeader('location', '/backend/unauthorized')
    const sidebar = await client.get('/backend').withInertia().loginAs(alice)
    assert.deepEqual(sidebar.inertiaProps.hiddenMenus, ['reports'])
    ;(await client.get('/backend/reports').loginAs(bob)).assertStatus(200)
    ;(await client.get('/backend/reports').loginAs(manager)).assertStatus(200)

    const page = await client
      .get('/backend/account/menu-permissions')
      .withInertia()
      .loginAs(owner.user)
    const roles = page.inertiaProps.roles as { role: string; hidden: string[] | null }[]
    assert.deepEqual(roles.find((entry) => entry.role === 'user')!.hidden, ['reports'])
    assert.isNull(roles.find((entry) => entry.role === 'manager')!.hidden)

    // Bob follows his role again once his own setting is dropped.
    await save({ scope: 'user', user_id: bob.id, inherit: true })
    const bobBlocked = await client.get('/backend/reports').loginAs(bob).redirects(0)
    bobBlocked.assertHeader('location', '/backend/unauthorized')

    // Another company's user cannot be given a setting here.
    const stranger = await createMember({ role: 'user' })
    const foreign = await client
      .put('/backend/account/menu-permissions')
      .withCsrfToken()
      .loginAs(owner.user)
      .json({ scope: 'user', user_id: stranger.user.id, hidden: ['reports'] })
    foreign.assertStatus(404)
    ;(await client.get('/backend/reports').loginAs(stranger.user)).assertStatus(200)
  })
})
