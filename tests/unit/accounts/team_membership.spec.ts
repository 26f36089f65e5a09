import { test } from '@japa/runner'
import User from '#models/user'
import TeamMember from '#models/team_member'
import {
  addMember,
  changeRole,
  joinCompany,
  MembershipError,
  removeMember,
  setMembership,
} from '#actions/accounts/team_membership'
import { createMember } from '#tests/helpers/accounts'

let sequence = 0
async function colleague(company: Parameters<typeof addMember>[0], role: TeamMember['role']) {
  sequence++
  const user = await User.create({
    email: `colleague-${Date.now()}-${sequence}@example.com`,
    password: 'pw-12345678',
  })
  return addMember(company, user, role)
}

test.group('Team membership rules', () => {
  test('an admin may not make owners, change an owner or remove one', async ({ assert }) => {
    const { company, membership: owner } = await createMember({ role: 'owner' })
    const admin = await colleague(company, 'admin')
    const user = await colleague(company, 'user')

    assert.deepEqual(await changeRole({ role: 'admin' }, user, 'owner'), {
      ok: false,
      reason: 'unauthorized',
    })
    assert.deepEqual(await changeRole({ role: 'admin' }, owner, 'user'), {
      ok: false,
      reason: 'unauthorized',
    })
    assert.deepEqual(await removeMember({ role: 'admin' }, owner), {
      ok: false,
      reason: 'unauthorized',
    })
    const newcomer = await User.create({ email: `new-${Date.now()}@example.com`, password: null })
    assert.deepEqual(await joinCompany({ role: 'admin' }, company, newcomer, 'owner'), {
      ok: false,
      reason: 'unauthorized',
    })
    await owner.refresh()
    await user.refresh()
    assert.equal(owner.role, 'owner')
    assert.equal(user.role, 'user')
    assert.isTrue((await changeRole({ role: 'admin' }, user, 'manager')).ok)
    assert.isTrue((await removeMember({ role: 'admin' }, admin)).ok)
  })

  test('managers and users manage nobody', async ({ assert }) => {
    const { company } = await createMember({ role: 'owner' })
    const user = await colleague(company, 'user')
    for (const role of ['manager', 'user'] as const) {
      assert.deepEqual(await changeRole({ role }, user, 'manager'), {
        ok: false,
        reason: 'unauthorized',
      })
      assert.deepEqual(await removeMember({ role }, user), { ok: false, reason: 'unauthorized' })
    }
  })

  test('an owner changes owners but the company keeps one', async ({ assert }) => {
    const { company, membership: owner } = await createMember({ role: 'owner' })
    const admin = await colleague(company, 'admin')
    assert.isTrue((await changeRole({ role: 'owner' }, admin, 'owner')).ok)
    assert.isTrue((await changeRole({ role: 'owner' }, owner, 'user')).ok)
    assert.deepEqual(await changeRole({ role: 'owner' }, admin, 'admin'), {
      ok: false,
      reason: 'last_owner',
    })
    assert.deepEqual(await removeMember({ role: 'owner' }, admin), {
      ok: false,
      reason: 'last_owner',
    })
    assert.deepEqual(await removeMember('operator', admin), { ok: false, reason: 'last_owner' })
  })

  test('two owners demoting each other at once leave one owner', async ({ assert }) => {
    const { company, membership: first } = await createMember({ role: 'owner' })
    const second = await colleague(company, 'owner')
    const outcomes = await Promise.all([
      changeRole({ role: 'owner' }, first, 'admin'),
      changeRole({ role: 'owner' }, second, 'admin'),
    ])
    assert.sameMembers(
      outcomes.map((outcome) => outcome.ok),
      [true, false]
    )
    const owners = await TeamMember.query().where('company_id', company.id).where('role', 'owner')
    assert.lengthOf(owners, 1)
  })

  test('joining twice is refused: a role changes only through changeRole', async ({ assert }) => {
    const { company, user } = await createMember({ role: 'owner' })
    assert.deepEqual(await joinCompany({ role: 'owner' }, company, user, 'user'), {
      ok: false,
      reason: 'already_member',
    })
  })

  test('the operator sets a role through the same rules', async ({ assert }) => {
    const { company, user, membership } = await createMember({ role: 'owner' })
    const outcome = await setMembership('operator', company, user, 'user')
    assert.deepEqual(outcome, { ok: false, reason: 'last_owner' })
    await assert.rejects(() => addMember(company, user, 'admin'), MembershipError)
    await membership.refresh()
    assert.equal(membership.role, 'owner')
    const admin = await colleague(company, 'admin')
    await addMember(company, await admin.related('user').query().firstOrFail(), 'owner')
    await admin.refresh()
    assert.equal(admin.role, 'owner')
  })
})
