import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import { createMember } from '#tests/helpers/accounts'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'
import { setMenuPermission } from '#services/menu_permissions'
import { routeDecisionOf } from '#abilities/route_access'
import { hideableMenus, type HideableMenu } from '#shared/menu_permissions'
import { teamRoles, type TeamRole } from '#enums/team_role'
import { createApiToken } from '#services/integrations/api_tokens'

interface RegisteredRoute {
  name: string
  pattern: string
  methods: string[]
}

/** Every route the router registered (the route table, actions, resources, API). */
function registeredRoutes(): RegisteredRoute[] {
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({ name: route.name ?? '', pattern: route.pattern, methods: route.methods }))
}

const backOffice = (route: RegisteredRoute) =>
  /^\/(backend|tr\/panel|api|forms|tr\/formlar)(\/|$)/.test(route.pattern)

/** What kind of surface a route is, for the matrix's names. */
function kindOf(route: RegisteredRoute): string {
  if (route.name.includes('.files.')) return 'file'
  if (/\.get\.export/.test(route.name))
    return route.name.includes('reports.') ? 'report export' : 'export'
  if (/\.get\.data/.test(route.name)) return 'data'
  if (/(^|\.)reports\./.test(route.name)) return 'report'
  return 'page'
}

/** A concrete URL of a pattern: every parameter is 1 (a refusal comes before any lookup). */
const urlOf = (pattern: string) => pattern.replace(/:(\w+)/g, '1')

/** The GET routes of a menu, both languages. */
function menuRoutes(menu: HideableMenu) {
  return registeredRoutes().filter(
    (route) =>
      route.methods.includes('GET') &&
      backOffice(route) &&
      !route.pattern.startsWith('/api') &&
      routeDecisionOf(route.name)?.menu === menu
  )
}

test.group('Route decisions', () => {
  test('every back-office route has a menu or policy decision', ({ assert }) => {
    const routes = registeredRoutes().filter(backOffice)
    assert.isAbove(routes.length, 500)
    const undecided = routes.filter((route) => !route.name || !routeDecisionOf(route.name))
    assert.deepEqual(
      undecided.map((route) => `${route.methods.join(',')} ${route.pattern} (${route.name})`),
      []
    )
  })

  test('every menu has pages, data, exports and the reports menu its report exports', ({
    assert,
  }) => {
    for (const menu of hideableMenus) {
      const kinds = new Set(menuRoutes(menu).map(kindOf))
      assert.isTrue(kinds.has('page'), `${menu}: pages`)
      if (menu !== 'reports') assert.isTrue(kinds.has('data'), `${menu}: data`)
    }
    assert.isTrue(new Set(menuRoutes('reports').map(kindOf)).has('report export'))
    assert.isTrue(new Set(menuRoutes('fleet').map(kindOf)).has('file'))
    // The shapes the issue found open: a fleet page's /data and /export
    const fleet = menuRoutes('fleet').map((route) => route.name)
    for (const name of [
      'fleet.insurance.get.data',
      'fleet.insurance.get.export',
      'fleet.traffic-fines.get.data',
      'fleet.vehicle-summary.get.data',
    ]) {
      assert.include(fleet, name)
    }
  })
})

test.group('Hidden menus refuse every route of the menu (roles x menus x kinds)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const role of teamRoles) {
    test(`role ${role}: each hidden menu refuses its pages, data, exports, reports and files`, async ({
      client,
      assert,
    }) => {
      const { company } = await createMember({ role: 'owner' })
      const user = await User.create({
        email: `matrix-${role}-${Date.now()}@example.com`,
        password: 'secret-password',
        emailVerifiedAt: null,
      })
      await addMember(company, user, role as TeamRole)
      await setMenuPermission(
        company.id,
        { role: role as TeamRole },
        {
          hidden: [...hideableMenus],
        }
      )

      const answered: string[] = []
      for (const menu of hideableMenus) {
        for (const route of menuRoutes(menu)) {
          const response = await client
            .get(urlOf(route.pattern))
            .header('accept', 'application/json')
            .loginAs(user)
            .redirects(0)
          if (response.status() !== 403) {
            answered.push(`${menu} ${kindOf(route)} ${route.pattern} -> ${response.status()}`)
          }
        }
      }
      assert.deepEqual(answered, [])
    }).timeout(120_000)
  }

  test('an owner with no menu hidden is refused none of those routes', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    const refused: string[] = []
    for (const menu of hideableMenus) {
      for (const route of menuRoutes(menu).filter((each) => !each.name.startsWith('tr.'))) {
        const response = await client
          .get(urlOf(route.pattern))
          .header('accept', 'application/json')
          .loginAs(user)
          .redirects(0)
        if (response.status() === 403) refused.push(route.pattern)
      }
    }
    assert.deepEqual(refused, [])
  }).timeout(120_000)

  test('a menu left visible is not refused; only the hidden one is', async ({ client }) => {
    const { user, company } = await createMember({ role: 'user' })
    await setMenuPermission(company.id, { role: 'user' }, { hidden: ['fleet'] })
    const refused = await client
      .get('/backend/fleet/insurance/export?format=csv')
      .header('accept', 'application/json')
      .loginAs(user)
    refused.assertStatus(403)
    const page = await client.get('/backend/fleet/insurance').loginAs(user).redirects(0)
    page.assertHeader('location', '/backend/unauthorized')
    const trPage = await client.get('/tr/panel/filo/sigortalar/data').loginAs(user).redirects(0)
    trPage.assertHeader('location', '/tr/panel/yetkisiz')

    const reportsData = await client
      .get('/backend/history/tracking/data')
      .header('accept', 'application/json')
      .loginAs(user)
    reportsData.assertStatus(200)
    const reportExport = await client
      .get('/backend/reports/trip-summary/export?format=csv')
      .loginAs(user)
    reportExport.assertStatus(200)
  })

  test('the API answers as the member who made the token: their hidden menus refuse it', async ({
    client,
    assert,
  }) => {
    const { company } = await createMember({ role: 'owner' })
    const admin = await User.create({
      email: `api-admin-${Date.now()}@example.com`,
      password: 'secret-password',
    })
    await addMember(company, admin, 'admin')
    const { token } = await createApiToken(company.id, 'ERP', admin.id)
    // Every list of the API (one record's routes take an id, tested in api_write.spec.ts).
    const apiRoutes = registeredRoutes().filter(
      (route) =>
        route.pattern.startsWith('/api/') &&
        route.methods.includes('GET') &&
        !route.pattern.includes(':')
    )
    const call = (pattern: string) => client.get(pattern).header('authorization', `Bearer ${token}`)

    for (const route of apiRoutes) (await call(route.pattern)).assertStatus(200)

    await setMenuPermission(company.id, { role: 'admin' }, { hidden: ['history', 'reports'] })
    const answers = Object.fromEntries(
      await Promise.all(
        apiRoutes.map(async (route) => [route.name, (await call(route.pattern)).status()])
      )
    )
    const expected: Record<string, number> = Object.fromEntries(
      apiRoutes.map((route) => [route.name, 200])
    )
    assert.deepEqual(answers, { ...expected, 'api.v1.trips': 403, 'api.v1.events': 403 })
    assert.equal(answers['api.v1.fuel-entries.index'], 200)

    // The fleet menu hidden: vehicles, drivers, fuel entries and fleet records are refused too.
    await setMenuPermission(company.id, { role: 'admin' }, { hidden: ['fleet'] })
    for (const name of ['vehicles', 'drivers', 'fuel-entries', 'traffic-fines']) {
      const response = await call(`/api/v1/${name}`)
      response.assertStatus(403)
    }
    ;(await call('/api/v1/devices')).assertStatus(200)
  })
})
