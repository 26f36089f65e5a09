import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'

const REQUESTS = '/backend/fleet/request'
const LEAVE = '/backend/fleet/leave-request'

async function seedDriver(companyId: number, name = 'Ayşe Demir', status = 'active') {
  const [driver] = await db
    .table('drivers')
    .insert({ company_id: companyId, name, status, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return driver.id as number
}

async function seedRequest(companyId: number, status: string, requesterId: number | null = null) {
  const [row] = await db
    .table('fleet_requests')
    .insert({
      company_id: companyId,
      description: 'Brake noise',
      status,
      requester_id: requesterId,
      request_date: '2026-11-20',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

async function seedLeave(
  companyId: number,
  driverId: number,
  status: string,
  start: string,
  end: string
) {
  const [row] = await db
    .table('leave_requests')
    .insert({
      company_id: companyId,
      driver_id: driverId,
      status,
      start_date: start,
      end_date: end,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

const today = () => DateTime.now().setZone('Europe/Istanbul')

test.group('Maintenance requests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('any member files one: pending, with them as requester', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    await user.refresh()
    const vehicle = await createVehicle(company)
    const response = await client
      .post(REQUESTS)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', REQUESTS)
      .json({ request_date: '2026-11-21', device_id: vehicle.id, description: 'Oil leak' })
      .redirects(0)
    response.assertFlashMessage('success', 'Record created successfully!')
    const row = await db.from('fleet_requests').where('company_id', company.id).firstOrFail()
    assert.equal(row.status, 'pending')
    assert.equal(row.requester_id, user.id)
    assert.equal(row.device_id, vehicle.id)

    const page = await client.get(REQUESTS).loginAs(user).withInertia()
    page.assertInertiaComponent('crud/resource_index')
    assert.isFalse(page.inertiaProps.resource.canWrite)
    assert.isTrue(page.inertiaProps.resource.canCreate)
    assert.deepEqual(
      page.inertiaProps.lookups.device_id.map((option: { id: number }) => option.id),
      [vehicle.id]
    )
  })

  test('a status cannot be set by the form; a member may not edit or delete', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company)
    await client.post(REQUESTS).withCsrfToken().loginAs(user).header('referer', REQUESTS).json({
      request_date: '2026-11-21',
      device_id: vehicle.id,
      description: 'Flat tyre',
      status: 'done',
    })
    const row = await db.from('fleet_requests').where('company_id', company.id).firstOrFail()
    assert.equal(row.status, 'pending')

    const edit = await client
      .put(`${REQUESTS}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ request_date: '2026-11-21', description: 'Changed' })
    edit.assertStatus(403)
    const remove = await client
      .delete(`${REQUESTS}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
    remove.assertStatus(403)
    const after = await db.from('fleet_requests').where('id', row.id).firstOrFail()
    assert.equal(after.description, 'Flat tyre')
  })

  test('a manager edits and deletes; the requester stays', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const member = await createMember({ role: 'user' })
    const id = await seedRequest(company.id, 'pending', member.user.id)
    const vehicle = await createVehicle(company)
    const edit = await client
      .put(`${REQUESTS}/${id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', REQUESTS)
      .json({
        request_date: '2026-11-22',
        device_id: vehicle.id,
        description: 'Brake noise, front left',
      })
      .redirects(0)
    edit.assertFlashMessage('success', 'Record updated successfully!')
    const row = await db.from('fleet_requests').where('id', id).firstOrFail()
    assert.equal(row.description, 'Brake noise, front left')
    assert.equal(row.requester_id, member.user.id)
    const remove = await client
      .delete(`${REQUESTS}/${id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', REQUESTS)
      .redirects(0)
    remove.assertFlashMessage('success', 'Item deleted successfully')
    assert.isNull(await db.from('fleet_requests').where('id', id).first())
  })

  for (const [path, message] of [
    [REQUESTS, 'Choose the vehicle this record is about.'],
    ['/tr/panel/filo/bakim-talepleri', 'Bu kaydın ait olduğu aracı seçin.'],
  ] as const) {
    test(`a request names its vehicle (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'user' })
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ request_date: '2026-11-21', description: 'Brake light out' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).device_id, [message])
      assert.lengthOf(await db.from('fleet_requests').where('company_id', company.id), 0)
    })
  }

  for (const [path, message] of [
    [REQUESTS, 'The Description field is required.'],
    ['/tr/panel/filo/bakim-talepleri', 'Açıklama alanı zorunludur.'],
  ] as const) {
    test(`a request needs a description (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'user' })
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ request_date: '2026-11-21', description: '' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).description, [message])
      assert.lengthOf(await db.from('fleet_requests').where('company_id', company.id), 0)
    })
  }

  test('a member lists only their own requests, a manager all of them', async ({
    client,
    assert,
  }) => {
    const { user: manager, company } = await createMember({ role: 'manager' })
    const member = await createMember({ role: 'user' })
    await addMember(company, member.user, 'user')
    await member.user.merge({ currentCompanyId: company.id }).save()
    const mine = await seedRequest(company.id, 'pending', member.user.id)
    await seedRequest(company.id, 'pending', manager.id)

    const own = await client.get(`${REQUESTS}/data?fields=description,status`).loginAs(member.user)
    own.assertStatus(200)
    assert.deepEqual(
      own.body().data.map((row: { id: number }) => row.id),
      [mine]
    )
    const all = await client.get(`${REQUESTS}/data?fields=description`).loginAs(manager)
    assert.lengthOf(all.body().data, 2)
  })
})

test.group('Approvals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const decide = (
    client: any,
    user: any,
    path: string,
    id: number,
    action: string,
    headers: Record<string, string> = {}
  ) => {
    let request = client
      .post(`${path}/${id}/decision`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', path)
    for (const [name, value] of Object.entries(headers)) request = request.header(name, value)
    return request.json({ action }).redirects(0)
  }

  test('pending -> approved -> done, with the spec messages', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const id = await seedRequest(company.id, 'pending')
    const confirm = await decide(client, user, REQUESTS, id, 'confirm')
    confirm.assertFlashMessage('success', 'Approval given')
    let row = await db.from('fleet_requests').where('id', id).firstOrFail()
    assert.equal(row.status, 'approved')
    assert.equal(row.decided_by, user.id)
    assert.isNotNull(row.decision_date)

    const done = await decide(client, user, REQUESTS, id, 'done')
    done.assertFlashMessage('success', 'Process completed')
    row = await db.from('fleet_requests').where('id', id).firstOrFail()
    assert.equal(row.status, 'done')
  })

  test('pending -> rejected and approved -> rejected, in Turkish too', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const pending = await seedRequest(company.id, 'pending')
    const approved = await seedRequest(company.id, 'approved')
    const reject = await decide(client, user, REQUESTS, pending, 'reject')
    reject.assertFlashMessage('success', 'Rejected')
    const tr = await decide(client, user, '/tr/panel/filo/bakim-talepleri', approved, 'reject')
    tr.assertFlashMessage('success', 'Reddedildi')
    const rows = await db.from('fleet_requests').whereIn('id', [pending, approved])
    assert.deepEqual(
      rows.map((row) => row.status),
      ['rejected', 'rejected']
    )
  })

  const forbidden: [string, string][] = [
    ['pending', 'done'],
    ['approved', 'confirm'],
    ['rejected', 'confirm'],
    ['rejected', 'reject'],
    ['rejected', 'done'],
    ['done', 'confirm'],
    ['done', 'reject'],
    ['done', 'done'],
  ]
  for (const [from, action] of forbidden) {
    test(`${action} from ${from} is refused and changes nothing`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'owner' })
      const id = await seedRequest(company.id, from)
      const response = await decide(client, user, REQUESTS, id, action)
      response.assertStatus(302)
      assert.match(response.flashMessages().error as string, /^This request cannot be/)
      const json = await decide(client, user, REQUESTS, id, action, {
        accept: 'application/json',
      })
      json.assertStatus(422)
      const row = await db.from('fleet_requests').where('id', id).firstOrFail()
      assert.equal(row.status, from)
      assert.isNull(row.decided_by)
    })
  }

  test('an unknown action is a localized 422', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const id = await seedRequest(company.id, 'pending')
    const response = await decide(client, user, REQUESTS, id, 'approve-all')
    assert.deepEqual(inputErrors(response).action, ['Please choose a valid action.'])
    assert.equal((await db.from('fleet_requests').where('id', id).firstOrFail()).status, 'pending')
  })

  test('a member cannot decide, not even their own request', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const id = await seedRequest(company.id, 'pending', user.id)
    const response = await decide(client, user, REQUESTS, id, 'confirm', {
      accept: 'application/json',
    })
    response.assertStatus(403)
    const leave = await seedLeave(
      company.id,
      await seedDriver(company.id),
      'pending',
      '2026-12-01',
      '2026-12-02'
    )
    const leaveResponse = await decide(client, user, LEAVE, leave, 'confirm', {
      accept: 'application/json',
    })
    leaveResponse.assertStatus(403)
    assert.equal((await db.from('fleet_requests').where('id', id).firstOrFail()).status, 'pending')
    assert.equal(
      (await db.from('leave_requests').where('id', leave).firstOrFail()).status,
      'pending'
    )
  })

  test("another company's request is a 404 and stays as it is", async ({ client, assert }) => {
    const { company } = await createMember({ role: 'owner' })
    const other = await createMember({ role: 'owner' })
    const id = await seedRequest(company.id, 'pending')
    const driverId = await seedDriver(company.id)
    const leave = await seedLeave(company.id, driverId, 'pending', '2026-12-01', '2026-12-02')
    for (const [path, target] of [
      [REQUESTS, id],
      [LEAVE, leave],
    ] as const) {
      const response = await decide(client, other.user, path, target, 'confirm', {
        accept: 'application/json',
      })
      response.assertStatus(404)
      const read = await client.get(`${path}/data/${target}`).loginAs(other.user)
      read.assertStatus(404)
      const edit = await client
        .put(`${path}/${target}`)
        .withCsrfToken()
        .loginAs(other.user)
        .header('accept', 'application/json')
        .json({
          description: 'x',
          request_date: '2026-11-21',
          start_date: '2026-12-01',
          end_date: '2026-12-02',
        })
      edit.assertStatus(404)
      const remove = await client
        .delete(`${path}/${target}`)
        .withCsrfToken()
        .loginAs(other.user)
        .header('accept', 'application/json')
      remove.assertStatus(404)
      const list = await client.get(`${path}/data`).loginAs(other.user)
      assert.lengthOf(list.body().data, 0)
    }
    assert.equal((await db.from('fleet_requests').where('id', id).firstOrFail()).status, 'pending')
    assert.equal(
      (await db.from('leave_requests').where('id', leave).firstOrFail()).status,
      'pending'
    )
  })
})

test.group('Leave requests and the on-leave state', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member files leave for the driver who is them; total days are counted', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const driverId = await seedDriver(company.id)
    // Members file leave for themselves (issue 27): the driver is linked to their account
    await db.from('drivers').where('id', driverId).update({ user_id: user.id })
    const response = await client
      .post(LEAVE)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', LEAVE)
      .json({
        driver_id: driverId,
        start_date: '2026-12-01',
        end_date: '2026-12-05',
        return_date: '2026-12-08',
        description: 'Family visit',
      })
      .redirects(0)
    response.assertFlashMessage('success', 'Record created successfully!')
    const list = await client
      .get(`${LEAVE}/data?fields=driver,start_date,end_date,total_days,status,requester`)
      .loginAs(user)
    const [row] = list.body().data
    assert.equal(row.driver, 'Ayşe Demir')
    assert.equal(row.total_days, 5)
    assert.equal(row.status, 'pending')
    assert.equal(row.requester, user.email)
  })

  test('a manager edits and deletes a leave request; a member may not', async ({
    client,
    assert,
  }) => {
    const { user: manager, company } = await createMember({ role: 'manager' })
    const member = await createMember({ role: 'user' })
    await addMember(company, member.user, 'user')
    await member.user.merge({ currentCompanyId: company.id }).save()
    const driverId = await seedDriver(company.id)
    const id = await seedLeave(company.id, driverId, 'pending', '2026-12-01', '2026-12-03')
    await db.from('leave_requests').where('id', id).update({ requester_id: member.user.id })

    const refused = await client
      .put(`${LEAVE}/${id}`)
      .withCsrfToken()
      .loginAs(member.user)
      .header('accept', 'application/json')
      .json({ driver_id: driverId, start_date: '2026-12-01', end_date: '2026-12-09' })
    refused.assertStatus(403)

    const edit = await client
      .put(`/tr/panel/filo/izin-talepleri/${id}`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', '/tr/panel/filo/izin-talepleri')
      .json({ driver_id: driverId, start_date: '2026-12-01', end_date: '2026-12-04' })
      .redirects(0)
    edit.assertFlashMessage('success', 'Kayıt başarıyla güncellendi!')
    const row = await db
      .from('leave_requests')
      .where('id', id)
      .select('*', db.raw('end_date::text as end_day'))
      .firstOrFail()
    assert.equal(row.end_day, '2026-12-04')
    assert.equal(row.requester_id, member.user.id)
    assert.equal(row.status, 'pending')

    const remove = await client
      .delete(`${LEAVE}/${id}`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', LEAVE)
      .redirects(0)
    remove.assertFlashMessage('success', 'Item deleted successfully')
    assert.isNull(await db.from('leave_requests').where('id', id).first())
  })

  for (const [path, message] of [
    [LEAVE, 'The End must not be before the Start.'],
    ['/tr/panel/filo/izin-talepleri', 'Bitiş, Başlangıç alanındaki tarihten önce olamaz.'],
  ] as const) {
    test(`the end cannot be before the start (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'user' })
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ start_date: '2026-12-05', end_date: '2026-12-01' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).end_date, [message])
      assert.lengthOf(await db.from('leave_requests').where('company_id', company.id), 0)
    })
  }

  for (const [path, message] of [
    [LEAVE, 'The Start field is required.'],
    ['/tr/panel/filo/izin-talepleri', 'Başlangıç alanı zorunludur.'],
  ] as const) {
    test(`the start is required (${path})`, async ({ client, assert }) => {
      const { user } = await createMember({ role: 'user' })
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ end_date: '2026-12-01' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).start_date, [message])
    })
  }

  test('a leave goes from filed to approved and the driver shows as on leave', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    await user.refresh()
    const onLeave = await seedDriver(company.id, 'Ali Veli')
    const pendingOnly = await seedDriver(company.id, 'Burak Can')
    const pastLeave = await seedDriver(company.id, 'Cem Kaya')
    const passive = await seedDriver(company.id, 'Deniz Er', 'passive')
    const day = today()
    const id = await seedLeave(
      company.id,
      onLeave,
      'pending',
      day.minus({ days: 1 }).toISODate()!,
      day.plus({ days: 2 }).toISODate()!
    )
    await seedLeave(company.id, pendingOnly, 'pending', day.toISODate()!, day.toISODate()!)
    await seedLeave(
      company.id,
      pastLeave,
      'approved',
      day.minus({ days: 10 }).toISODate()!,
      day.minus({ days: 1 }).toISODate()!
    )

    const states = async () => {
      const response = await client
        .get('/backend/fleet/drivers/data?fields=name,status&sort=name')
        .loginAs(user)
      return Object.fromEntries(
        response.body().data.map((row: { name: string; status: string }) => [row.name, row.status])
      )
    }
    assert.equal((await states())['Ali Veli'], 'active')

    const confirm = await client
      .post(`${LEAVE}/${id}/decision`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', LEAVE)
      .json({ action: 'confirm' })
      .redirects(0)
    confirm.assertFlashMessage('success', 'Approval given')
    assert.deepEqual(await states(), {
      'Ali Veli': 'on_leave',
      'Burak Can': 'active',
      'Cem Kaya': 'active',
      'Deniz Er': 'passive',
    })
    const filtered = await client
      .get('/backend/fleet/drivers/data?fields=name&filter[status]=eq:on_leave')
      .loginAs(user)
    assert.deepEqual(
      filtered.body().data.map((row: { name: string }) => row.name),
      ['Ali Veli']
    )
    // The stored status is untouched: the edit form still shows what was set.
    const form = await client.get(`/backend/fleet/drivers/data/${onLeave}`).loginAs(user)
    assert.equal(form.body().status, 'active')
    assert.equal((await db.from('drivers').where('id', passive).firstOrFail()).status, 'passive')

    const vehicle = await createVehicle(company, { driver_id: onLeave })
    const card = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user).withInertia()
    card.assertInertiaComponent('assets/show')
    assert.include(card.inertiaProps.driver, { name: 'Ali Veli', status: 'on_leave' })

    const hr = await client.get('/backend/fleet/hr-reports').loginAs(user).withInertia()
    hr.assertInertiaComponent('reports/show')
    const ali = hr.inertiaProps.result.page.data.find(
      (row: { driver: string }) => row.driver === 'Ali Veli'
    )
    assert.equal(ali.status, 'on_leave')

    const done = await client
      .post(`/tr/panel/filo/izin-talepleri/${id}/decision`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/tr/panel/filo/izin-talepleri')
      .json({ action: 'done' })
      .redirects(0)
    done.assertFlashMessage('success', 'İşlem tamamlandı')
    assert.equal((await states())['Ali Veli'], 'active')
  })
})
