import { test } from '@japa/runner'
import { actionPath, actionRoutes, type ActionName } from '#shared/action_routes'
import { routeTable } from '#shared/route_table'

test.group('Action routes', () => {
  test('a page action follows its page in both languages', ({ assert }) => {
    assert.equal(
      actionPath('drivers.assignment', 'en', { id: 7 }),
      '/backend/fleet/drivers/7/assignment'
    )
    assert.equal(
      actionPath('drivers.assignment', 'tr', { id: 7 }),
      '/tr/panel/filo/suruculer/7/assignment'
    )
    assert.equal(actionPath('assets.commands', 'tr', { id: 3 }), '/tr/panel/araclar/3/commands')
    assert.equal(actionPath('contact.demo', 'tr'), '/tr/iletisim/demo')
  })

  test('a plain action has one path for both languages', ({ assert }) => {
    assert.equal(actionPath('logout', 'tr'), '/logout')
    assert.equal(actionPath('companies.switch', 'en', { id: 12 }), '/backend/companies/12/switch')
  })

  test('a missing parameter is an error, not a broken URL', ({ assert }) => {
    assert.throws(() => actionPath('companies.switch', 'en'), /needs the parameter "id"/)
    assert.throws(() => actionPath('account.team-members.member', 'en'), /memberId/)
  })

  test('every page action belongs to a page of the route table', ({ assert }) => {
    for (const name of Object.keys(actionRoutes) as ActionName[]) {
      const route = actionRoutes[name]
      if ('page' in route) assert.isTrue(Object.hasOwn(routeTable, route.page), name)
    }
  })
})
