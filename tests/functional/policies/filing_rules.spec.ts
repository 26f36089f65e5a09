import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'
import { createVehicle } from '#tests/functional/live/live_fixtures'

const LEAVE = '/backend/fleet/leave-request'
const TR_LEAVE = '/tr/panel/filo/izin-talepleri'

async function driver(companyId: number, name: string, userId: number | null = null) {
  const [row] = await db
    .table('drivers')
    .insert({
      company_id: companyId,
      name,
      status: 'active',
      user_id: userId,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

async function staff() {
  const owner = await createMember({ role: 'owner' })
  const user = await User.create({
    email: `filing-${Date.now()}-${Math.random()}@example.com`,
    password: 'secret-password',
  })
  await addMember(owner.company, user, 'user')
  const own = await driver(owner.company.id, 'Me Myself', user.id)
  const colleague = await driver(owner.company.id, 'A Colleague')
  return { ...owner, member: user, own, colleague }
}

function fileLeave(client: any, user: User, body: Record<string, unknown>, path = LEAVE) {
  return client
    .post(path)
    .withCsrfToken()
    .loginAs(user)
    .header('referer', path)
    .json(body)
    .redirects(0)
}

test.group('Filing leave and requests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member files leave for themselves, not for another driver', async ({
    client,
    assert,
  }) => {
    const { member, own, colleague, company } = await staff()
    const forOther = await fileLeave(client, member, {
      driver_id: colleague,
      start_date: '2026-12-01',
      end_date: '2026-12-03',
    })
    assert.deepEqual(inputErrors(forOther).driver_id, ['You can file this only for yourself.'])
    const trForOther = await fileLeave(
      client,
      member,
      { driver_id: colleague, start_date: '2026-12-01', end_date: '2026-12-03' },
      TR_LEAVE
    )
    assert.deepEqual(inputErrors(trForOther).driver_id, [
      'Bunu yalnızca kendiniz için oluşturabilirsiniz.',
    ])
    // A maintenance request names its vehicle: only the driver is wrong here.
    const vehicle = await createVehicle(company, { name: 'Filing van' })
    const maintenanceForOther = await client
      .post('/backend/fleet/request')
      .withCsrfToken()
      .loginAs(member)
      .header('referer', '/backend/fleet/request')
      .json({
        request_date: '2026-12-01',
        driver_id: colleague,
        device_id: vehicle.id,
        description: 'Brakes',
      })
      .redirects(0)
    assert.deepEqual(inputErrors(maintenanceForOther).driver_id, [
      'You can file this only for yourself.',
    ])

    const forSelf = await fileLeave(client, member, {
      driver_id: own,
      start_date: '2026-12-01',
      end_date: '2026-12-03',
    })
    forSelf.assertFlashMessage('success', 'Record created successfully!')
    const rows = await db.from('leave_requests').where('company_id', company.id)
    assert.deepEqual(
      rows.map((row) => row.driver_id),
      [own]
    )
  })

  test('overlapping leave of one driver is refused with a clear message in both languages', async ({
    client,
    assert,
  }) => {
    const { user: owner, member, own, company } = await staff()
    const first = await fileLeave(client, owner, {
      driver_id: own,
      start_date: '2026-12-01',
      end_date: '2026-12-05',
    })
    first.assertFlashMessage('success', 'Record created successfully!')

    for (const attempt of [0, 1]) {
      const again = await fileLeave(client, attempt === 0 ? owner : member, {
        driver_id: own,
        start_date: '2026-12-05',
        end_date: '2026-12-07',
      })
      assert.deepEqual(inputErrors(again).start_date, [
        'This driver already has leave from 2026-12-01 to 2026-12-05; leave may not overlap.',
      ])
    }
    const turkish = await fileLeave(
      client,
      owner,
      { driver_id: own, start_date: '2026-11-28', end_date: '2026-12-01' },
      TR_LEAVE
    )
    assert.deepEqual(inputErrors(turkish).start_date, [
      'Bu sürücünün 2026-12-01 – 2026-12-05 tarihleri arasında zaten izni var; izinler çakışamaz.',
    ])
    const json = await client
      .post(LEAVE)
      .withCsrfToken()
      .loginAs(owner)
      .header('accept', 'application/json')
      .json({ driver_id: own, start_date: '2026-12-02', end_date: '2026-12-02' })
    json.assertStatus(422)

    const next = await fileLeave(client, owner, {
      driver_id: own,
      start_date: '2026-12-06',
      end_date: '2026-12-08',
    })
    next.assertFlashMessage('success', 'Record created successfully!')
    const count = await db.from('leave_requests').where('company_id', company.id).count('* as n')
    assert.equal(Number(count[0].n), 2)
  })

  test("a driver's own member sees the leave others filed for them, not other drivers'", async ({
    client,
    assert,
  }) => {
    const { user: owner, member, own, colleague } = await staff()
    await fileLeave(client, owner, {
      driver_id: own,
      start_date: '2026-12-10',
      end_date: '2026-12-11',
    })
    await fileLeave(client, owner, {
      driver_id: colleague,
      start_date: '2026-12-10',
      end_date: '2026-12-11',
    })
    const list = await client
      .get(`${LEAVE}/data?fields=driver,start_date`)
      .header('accept', 'application/json')
      .loginAs(member)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((row: { driver: string }) => row.driver),
      ['Me Myself']
    )
  })
})
