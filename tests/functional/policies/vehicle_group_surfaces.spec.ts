import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import { companyLiveChannel, groupLiveChannel } from '#tracking/live_channel'
import { baseUrl, openEventStream, signIn, xsrfToken } from '#tests/helpers/http_session'
import User from '#models/user'
import type Company from '#models/company'
import type { TeamRole } from '#enums/team_role'

/**
 * Visibility by vehicle group beyond the record tables (issue 27): the live map and its
 * channels, the vehicle page, history, reports and the dashboard.
 */
async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

async function twoRegions() {
  const owner = await createMember({ role: 'owner' })
  const north = await deviceGroup(owner.company.id, 'North')
  const south = await deviceGroup(owner.company.id, 'South')
  const northVan = await createVehicle(owner.company, { name: 'North van', group_id: north })
  const southVan = await createVehicle(owner.company, { name: 'South van', group_id: south })
  return { ...owner, north, south, northVan, southVan }
}

let sequence = 0
async function limitedMember(
  company: Company,
  role: TeamRole,
  groups: number[] | null,
  password = 'secret-password'
) {
  sequence++
  const user = await User.create({
    email: `surfaces-${role}-${sequence}-${Date.now()}@example.com`,
    password,
    emailVerifiedAt: DateTime.now(),
  })
  const membership = await addMember(company, user, role)
  await db
    .from('team_members')
    .where('id', membership.id)
    .update({ device_group_ids: groups === null ? null : JSON.stringify(groups) })
  return user
}

test.group('Vehicle groups on every surface', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the live map fleet and groups hold only the member’s vehicles', async ({
    client,
    assert,
  }) => {
    const { company, north } = await twoRegions()
    const member = await limitedMember(company, 'user', [north])
    const fleet = await client.get('/backend/live/fleet').loginAs(member)
    fleet.assertStatus(200)
    assert.include(fleet.text(), 'North van')
    assert.notInclude(fleet.text(), 'South van')
    const page = await client.get('/tr/panel/canli-takip').loginAs(member).withInertia()
    assert.deepEqual(
      (page.inertiaProps.groups as { name: string }[]).map((row) => row.name),
      ['North']
    )
    assert.deepEqual(page.inertiaProps.liveChannels, [groupLiveChannel(company.id, north)])

    const everyone = await limitedMember(company, 'user', null)
    const all = await client.get('/backend/live/fleet').loginAs(everyone)
    assert.include(all.text(), 'South van')
  })

  test('the vehicle page and history answer 404 outside the member’s groups', async ({
    client,
  }) => {
    const { company, north, northVan, southVan } = await twoRegions()
    const member = await limitedMember(company, 'manager', [north])
    ;(await client.get(`/backend/assets/${southVan.id}`).loginAs(member)).assertStatus(404)
    ;(await client.get(`/tr/panel/araclar/${southVan.id}`).loginAs(member)).assertStatus(404)
    ;(await client.get(`/backend/assets/${northVan.id}`).loginAs(member)).assertStatus(200)
    ;(
      await client
        .post(`/backend/assets/${southVan.id}/commands`)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ kind: 'engine_block' })
        .loginAs(member)
    ).assertStatus(404)
    ;(await client.get(`/backend/history?deviceId=${southVan.id}`).loginAs(member)).assertStatus(
      404
    )
    ;(
      await client
        .get(`/backend/history/export.csv?deviceId=${southVan.id}&period=today`)
        .loginAs(member)
    ).assertStatus(404)
  })

  test('history offers only the member’s vehicles', async ({ client, assert }) => {
    const { company, north } = await twoRegions()
    const member = await limitedMember(company, 'user', [north])
    const page = await client.get('/backend/history').loginAs(member).withInertia()
    assert.deepEqual(
      (page.inertiaProps.vehicles as { name: string }[]).map((row) => row.name),
      ['North van']
    )
  })

  test('reports offer and read only the member’s vehicles; another group answers 404', async ({
    client,
    assert,
  }) => {
    const { company, north, south, southVan } = await twoRegions()
    const member = await limitedMember(company, 'manager', [north])
    const page = await client
      .get('/backend/reports/fleet-vehicles?period=today')
      .loginAs(member)
      .withInertia()
    page.assertStatus(200)
    const options = page.inertiaProps.options as Record<string, { name: string }[]>
    assert.deepEqual(
      options.vehicles.map((row) => row.name),
      ['North van']
    )
    assert.deepEqual(
      options.groups.map((row) => row.name),
      ['North']
    )
    const result = JSON.stringify(page.inertiaProps.result)
    assert.include(result, 'North van')
    assert.notInclude(result, 'South van')

    const csv = await client
      .get('/tr/panel/raporlar/filo-araclari/export?format=csv&period=today')
      .loginAs(member)
    csv.assertStatus(200)
    assert.include(csv.text(), 'North van')
    assert.notInclude(csv.text(), 'South van')

    ;(
      await client
        .get(`/backend/reports/fleet-vehicles?period=today&deviceId=${southVan.id}`)
        .loginAs(member)
    ).assertStatus(404)
    ;(
      await client
        .get(`/backend/reports/fleet-vehicles?period=today&groupId=${south}`)
        .loginAs(member)
    ).assertStatus(404)
  })

  test('the dashboard counts only the member’s vehicles', async ({ client, assert }) => {
    const { company, north, user: owner } = await twoRegions()
    const member = await limitedMember(company, 'user', [north])
    const limited = await client.get('/backend').header('x-inertia', 'true').loginAs(member)
    assert.equal(limited.body().props.fleet.total, 1)
    const all = await client.get('/backend').header('x-inertia', 'true').loginAs(owner)
    assert.equal(all.body().props.fleet.total, 2)
  })
})

function subscribe(cookie: string, uid: string, channel: string) {
  return fetch(`${baseUrl()}/__transmit/subscribe`, {
    method: 'POST',
    headers: {
      'cookie': cookie,
      'content-type': 'application/json',
      'accept': 'application/json',
      'x-xsrf-token': xsrfToken(cookie),
    },
    body: JSON.stringify({ uid, channel }),
    redirect: 'manual',
  })
}

test.group('Vehicle groups on the live channels', () => {
  test('a limited member follows only their groups’ channels', async ({ assert, cleanup }) => {
    const { company, north, south } = await twoRegions()
    const member = await limitedMember(company, 'user', [north], 'live-password')
    const cookie = await signIn(member.email, 'live-password')
    const uid = randomUUID()
    const stream = await openEventStream(`/__transmit/events?uid=${uid}`, cookie)
    cleanup(() => stream.close())

    const whole = await subscribe(cookie, uid, companyLiveChannel(company.id))
    assert.notEqual(whole.status, 204, 'the company channel carries every vehicle')
    const other = await subscribe(cookie, uid, groupLiveChannel(company.id, south))
    assert.notEqual(other.status, 204)
    const own = await subscribe(cookie, uid, groupLiveChannel(company.id, north))
    assert.equal(own.status, 204)

    const southMarker = randomUUID()
    const northMarker = randomUUID()
    transmit.broadcast(companyLiveChannel(company.id), { type: 'status', marker: southMarker })
    transmit.broadcast(groupLiveChannel(company.id, south), { type: 'status', marker: southMarker })
    transmit.broadcast(groupLiveChannel(company.id, north), { type: 'status', marker: northMarker })
    const text = await stream.text(300)
    assert.include(text, northMarker)
    assert.notInclude(text, southMarker)
  })
})
