import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { fleetOverviewCounts } from '#queries/fleet/fleet_overview'
import { latestNotifications } from '#queries/alerts/inbox'
import {
  markAllNotificationsRead,
  markNotificationRead,
} from '#actions/alerts/mark_notifications_read'
import { companyGeofences, findCompanyGeofence } from '#queries/alerts/geofences'
import { createGeofence, deleteGeofence, updateGeofence } from '#actions/alerts/save_geofence'
import {
  buildingNameTaken,
  companyBuildings,
  findCompanyBuilding,
} from '#queries/settings/buildings'
import Building from '#models/building'
import { saveWorkingHours } from '#actions/settings/save_working_hours'
import CompanySetting from '#models/company_setting'
import { defaultWorkingHours } from '#services/settings/working_hours'
import {
  companyDeviceGroups,
  companyMembers,
  findCompanyMember,
  isCompanyMember,
  userByEmail,
} from '#queries/account/team'
import { setMemberVehicleGroups } from '#actions/accounts/member_vehicle_groups'
import {
  findCompanyRule,
  notificationRules,
  pushEndpointsOf,
  pushRules,
} from '#queries/alerts/alert_rules'
import {
  createCompanyRule,
  deleteCompanyRule,
  updateCompanyRule,
} from '#actions/alerts/alert_rules'
import { subscribeBrowser, unsubscribeBrowser } from '#actions/alerts/push_subscriptions'
import { companySizes, unpaidOrders } from '#queries/account/account_overview'
import { storedTrackingValues } from '#queries/settings/other_settings'
import { saveTrackingValues } from '#actions/settings/save_other_settings'

async function group(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return Number(row.id)
}

async function notification(userId: number, companyId: number) {
  const [row] = await db
    .table('notifications')
    .insert({
      user_id: userId,
      company_id: companyId,
      data: JSON.stringify({}),
      created_at: new Date(),
    })
    .returning('id')
  return Number(row.id)
}

/** The reads and writes moved out of controllers, without HTTP; each scoped to its company. */
test.group('Queries and actions moved out of controllers', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('fleet overview counts the company’s vehicles and drivers only', async ({ assert }) => {
    const { company } = await createMember()
    const other = await createMember()
    await createVehicle(company)
    await createVehicle(company)
    await createVehicle(other.company)
    await db.table('drivers').insert([
      { company_id: company.id, name: 'A', status: 'active', created_at: new Date() },
      { company_id: company.id, name: 'B', status: 'passive', created_at: new Date() },
    ])
    assert.deepEqual(await fleetOverviewCounts(company.id), {
      vehicles: { total: 2, moving: 0 },
      drivers: { total: 2, active: 1 },
    })
  })

  test('inbox: latest of the member in the company; marking read stays in the company', async ({
    assert,
  }) => {
    const { user, company } = await createMember()
    const other = await createMember()
    const first = await notification(user.id, company.id)
    const second = await notification(user.id, company.id)
    const foreign = await notification(other.user.id, other.company.id)
    const rows = await latestNotifications(user.id, company.id)
    assert.deepEqual(
      rows.map((row) => Number(row.id)),
      [second, first]
    )
    assert.isFalse(await markNotificationRead(user.id, company.id, foreign))
    assert.isTrue(await markNotificationRead(user.id, company.id, first))
    await markAllNotificationsRead(user.id, company.id)
    const unread = await db
      .from('notifications')
      .whereIn('user_id', [user.id, other.user.id])
      .whereNull('read_at')
      .select('id')
    assert.deepEqual(
      unread.map((row) => Number(row.id)),
      [foreign]
    )
  })

  test('geofences: created, updated, deleted in the company; another company’s is a 404', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const payload = {
      name: 'Depot',
      color: '#AABBCC',
      shape: { type: 'circle' as const, center: [41, 29] as [number, number], radius: 200 },
      assign_to: 'devices' as const,
      device_ids: [3, 3],
    }
    const id = await createGeofence(company.id, payload as never)
    const [zone] = await companyGeofences(company.id)
    assert.equal(zone.name, 'Depot')
    assert.equal(zone.color, '#aabbcc')
    await updateGeofence(other.company.id, id, { ...payload, name: 'Stolen' } as never)
    await updateGeofence(company.id, id, { ...payload, name: 'Yard' } as never)
    assert.equal((await findCompanyGeofence(company.id, id)).id, id)
    assert.equal((await companyGeofences(company.id))[0].name, 'Yard')
    await assert.rejects(() => findCompanyGeofence(other.company.id, id))
    await deleteGeofence(other.company.id, id)
    assert.lengthOf(await companyGeofences(company.id), 1)
    await deleteGeofence(company.id, id)
    assert.lengthOf(await companyGeofences(company.id), 0)
  })

  test('buildings: listed by name, names unique per company, another company’s is a 404', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const b = await Building.create({ companyId: company.id, name: 'B', latitude: 1, longitude: 2 })
    await Building.create({ companyId: company.id, name: 'A', latitude: 1, longitude: 2 })
    await Building.create({ companyId: other.company.id, name: 'C', latitude: 1, longitude: 2 })
    assert.deepEqual(
      (await companyBuildings(company.id)).map((row) => row.name),
      ['A', 'B']
    )
    assert.isTrue(await buildingNameTaken(company.id, 'b', null))
    assert.isFalse(await buildingNameTaken(company.id, 'b', b.id))
    assert.isFalse(await buildingNameTaken(company.id, 'c', null))
    assert.equal((await findCompanyBuilding(company.id, b.id)).name, 'B')
    await assert.rejects(() => findCompanyBuilding(other.company.id, b.id))
  })

  test('working hours are saved for the company', async ({ assert }) => {
    const { company } = await createMember()
    await saveWorkingHours(company.id, { ...defaultWorkingHours, sun: null })
    const settings = await CompanySetting.findOrFail(company.id)
    assert.isNull(settings.workingHours!.sun)
    assert.deepEqual(settings.workingHours!.mon, defaultWorkingHours.mon)
  })

  test('team: members, groups and membership of the company; vehicle groups of the company only', async ({
    assert,
  }) => {
    const { user, company, membership } = await createMember({ role: 'owner' })
    const other = await createMember()
    const mine = await group(company.id, 'Vans')
    const theirs = await group(other.company.id, 'Trucks')
    assert.deepEqual(await companyDeviceGroups(company.id), [{ id: mine, name: 'Vans' }])
    assert.deepEqual(
      (await companyMembers(company.id)).map((member) => member.user.email),
      [user.email]
    )
    assert.equal((await userByEmail(user.email.toUpperCase()))?.id, user.id)
    assert.isTrue(await isCompanyMember(company.id, user.id))
    assert.isFalse(await isCompanyMember(other.company.id, user.id))
    await assert.rejects(() => findCompanyMember(other.company.id, membership.id))

    assert.deepEqual(await setMemberVehicleGroups(company.id, membership.id, [mine, theirs]), {
      ok: false,
      reason: 'unknown_group',
    })
    assert.deepEqual(await setMemberVehicleGroups(company.id, membership.id, [mine, mine]), {
      ok: true,
    })
    let stored = await db.from('team_members').where('id', membership.id).first()
    assert.deepEqual(stored.device_group_ids, [mine])
    await setMemberVehicleGroups(company.id, membership.id, [])
    stored = await db.from('team_members').where('id', membership.id).first()
    assert.isNull(stored.device_group_ids)
  })

  test('alert rules (notification and push) are written and found in their company only', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const pushId = await createCompanyRule('push_notification_settings', company.id, {
      device_id: null,
      alarm_codes: ['A101'],
    })
    await updateCompanyRule('push_notification_settings', other.company.id, pushId, {
      alarm_codes: ['A102'],
    })
    assert.deepEqual(
      (await pushRules(company.id)).map((rule) => rule.alarm_codes),
      [['A101']]
    )
    await updateCompanyRule('push_notification_settings', company.id, pushId, {
      alarm_codes: ['A102'],
    })
    assert.deepEqual(
      (await pushRules(company.id)).map((rule) => rule.alarm_codes),
      [['A102']]
    )
    await assert.rejects(() =>
      findCompanyRule('push_notification_settings', other.company.id, pushId)
    )
    await deleteCompanyRule('push_notification_settings', other.company.id, pushId)
    assert.lengthOf(await pushRules(company.id), 1)
    await deleteCompanyRule('push_notification_settings', company.id, pushId)
    assert.lengthOf(await pushRules(company.id), 0)

    const ruleId = await createCompanyRule('notification_settings', company.id, {
      name: 'Alarms',
      alarm_codes: ['A101'],
      schedule: 'instant',
      channels: ['email'],
      emails: ['a@example.com'],
      phones: [],
      quiet_minutes: 0,
      timezone: 'UTC',
      active: true,
      locale: 'en',
    })
    assert.equal((await findCompanyRule('notification_settings', company.id, ruleId)).id, ruleId)
    const [rule] = await notificationRules(company.id)
    assert.equal(rule.name, 'Alarms')
    assert.equal(Number(rule.pending), 0)
    assert.lengthOf(await notificationRules(other.company.id), 0)
  })

  test('a browser subscribes once; subscribing again moves it to the new member', async ({
    assert,
  }) => {
    const first = await createMember()
    const second = await createMember()
    const subscription = {
      endpoint: 'https://push.example.com/1',
      p256dh: 'k',
      auth: 'a',
      userAgent: 'x',
    }
    await subscribeBrowser({ ...subscription, companyId: first.company.id, userId: first.user.id })
    assert.deepEqual(await pushEndpointsOf(first.company.id, first.user.id), [
      subscription.endpoint,
    ])
    await subscribeBrowser({
      ...subscription,
      companyId: second.company.id,
      userId: second.user.id,
    })
    assert.deepEqual(await pushEndpointsOf(first.company.id, first.user.id), [])
    await unsubscribeBrowser(first.user.id, subscription.endpoint)
    assert.deepEqual(await pushEndpointsOf(second.company.id, second.user.id), [
      subscription.endpoint,
    ])
    await unsubscribeBrowser(second.user.id, subscription.endpoint)
    assert.deepEqual(await pushEndpointsOf(second.company.id, second.user.id), [])
  })
})

test.group('Tracking values of other settings (implausible speed, temperature range)', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('saved into the company’s tracking settings, cleared back to the default', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const none = { max_plausible_speed_kmh: null, temperature_min_c: null, temperature_max_c: null }
    assert.deepEqual(await storedTrackingValues(company.id), none)
    await saveTrackingValues(company.id, {
      ...none,
      max_plausible_speed_kmh: 250,
      temperature_max_c: 8,
    })
    assert.deepEqual(await storedTrackingValues(company.id), {
      ...none,
      max_plausible_speed_kmh: 250,
      temperature_max_c: 8,
    })
    assert.deepEqual(await storedTrackingValues(other.company.id), none)
    await saveTrackingValues(company.id, none)
    assert.deepEqual(await storedTrackingValues(company.id), none)
  })
})

test.group('Account overview numbers', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('vehicles, team and unpaid orders of the company only', async ({ assert }) => {
    const { company } = await createMember()
    const other = await createMember()
    await createVehicle(company)
    await createVehicle(other.company)
    assert.deepEqual(await companySizes(company.id), { vehicleCount: 1, teamSize: 1 })
    assert.deepEqual(await unpaidOrders(company.id), { count: 0, totalCents: 0 })
  })
})
