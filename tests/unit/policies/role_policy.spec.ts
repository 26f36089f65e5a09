import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import { AuthorizationException, authorize, hasRole } from '#policies/role_policy'
import type { TeamRole } from '#enums/team_role'

const member = (role?: TeamRole) =>
  ({ membership: role ? { role } : undefined }) as unknown as HttpContext

test.group('Role policy', () => {
  test('a role covers the roles below it, in the current company only', ({ assert }) => {
    assert.isTrue(hasRole(member('owner'), 'admin'))
    assert.isTrue(hasRole(member('manager'), 'manager'))
    assert.isFalse(hasRole(member('user'), 'manager'))
    assert.isFalse(hasRole(member('admin'), 'owner'))
    assert.isFalse(hasRole(member(), 'user'), 'not a member of the current company')
  })

  test('authorize lets the role through and refuses below it with the given message', ({
    assert,
  }) => {
    assert.doesNotThrow(() => authorize(member('manager'), 'manager'))
    try {
      authorize(member('user'), 'manager', 'live.commands.forbidden')
      assert.fail('a user may not act as a manager')
    } catch (error) {
      assert.instanceOf(error, AuthorizationException)
      assert.equal((error as AuthorizationException).status, 403)
      assert.equal((error as AuthorizationException).messageKey, 'live.commands.forbidden')
    }
  })
})
