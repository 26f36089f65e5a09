import { test } from '@japa/runner'
import { Bouncer } from '@adonisjs/bouncer'
import * as abilities from '#abilities/main'
import type { Member } from '#abilities/main'
import type { TeamRole } from '#enums/team_role'
import { mayGrantRole } from '#abilities/roles'

const member = (role: TeamRole, extra: Partial<Member> = {}): Member => ({
  userId: 1,
  companyId: 1,
  role,
  hiddenMenus: [],
  hrAccess: role === 'owner' || role === 'admin',
  deviceGroupIds: null,
  ...extra,
})
const bouncerOf = (who: Member | null) => new Bouncer(who, abilities)

test.group('Abilities', () => {
  test('a role covers the abilities of the roles below it', async ({ assert }) => {
    assert.isTrue(await bouncerOf(member('owner')).allows('administerCompany'))
    assert.isTrue(await bouncerOf(member('manager')).allows('manageFleet'))
    assert.isFalse(await bouncerOf(member('user')).allows('manageFleet'))
    assert.isFalse(await bouncerOf(member('admin')).allows('ownCompany'))
    assert.isFalse(await bouncerOf(null).allows('fileRequests'), 'not a member of the company')
  })

  test('a refusal carries the message shown to the member', async ({ assert }) => {
    const answer = await bouncerOf(member('user')).execute('sendCommands')
    assert.isFalse(answer.authorized)
    assert.equal(answer.translation?.identifier, 'live.commands.forbidden')
    assert.equal(answer.status, 403)
  })

  test('managers and above approve a work order’s cost (issue 30); a user is refused', async ({
    assert,
  }) => {
    for (const role of ['owner', 'admin', 'manager'] as const) {
      assert.isTrue(await bouncerOf(member(role)).allows('approveWorkOrderCosts'), role)
    }
    const refusal = await bouncerOf(member('user')).execute('approveWorkOrderCosts')
    assert.isFalse(refusal.authorized)
    assert.equal(refusal.translation?.identifier, 'fleet_ops.work_orders.approval_refused')
  })

  test('only an owner gives or takes the owner role; admins give the others', ({ assert }) => {
    assert.isTrue(mayGrantRole('owner', 'owner'))
    assert.isFalse(mayGrantRole('admin', 'owner'))
    assert.isTrue(mayGrantRole('admin', 'manager'))
    assert.isFalse(mayGrantRole('manager', 'user'))
  })

  test('the HR right is its own setting, not a role', async ({ assert }) => {
    assert.isFalse(await bouncerOf(member('admin', { hrAccess: false })).allows('viewPersonalData'))
    assert.isTrue(await bouncerOf(member('user', { hrAccess: true })).allows('viewPersonalData'))
    assert.isTrue(await bouncerOf(member('user', { hrAccess: true })).allows('fileForOthers'))
    assert.isFalse(await bouncerOf(member('user')).allows('fileForOthers'))
  })

  test('a route is refused by its name when its menu is hidden, whatever its kind', async ({
    assert,
  }) => {
    const fleetHidden = bouncerOf(member('manager', { hiddenMenus: ['fleet'] }))
    for (const name of [
      'fleet.insurance',
      'fleet.insurance.get.data',
      'tr.fleet.insurance.get.export',
      'fleet.insurance.get.id.files.field',
      'fleet.vehicle-summary.get.data',
    ]) {
      assert.isFalse(await fleetHidden.allows('openRoute', name), name)
    }
    assert.isTrue(await fleetHidden.allows('openRoute', 'reports.trip-summary.get.export'))
    assert.isFalse(
      await bouncerOf(member('user', { hiddenMenus: ['reports'] })).allows(
        'openRoute',
        'reports.trip-summary.get.export'
      )
    )
    assert.isFalse(await bouncerOf(member('user')).allows('openRoute', 'no.such.route'))
  })
})
