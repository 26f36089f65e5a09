import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Device from '#models/device'
import Driver from '#models/driver'
import Subscription from '#models/subscription'
import Webhook from '#models/webhook'
import ScheduledReport from '#models/scheduled_report'
import CommandTemplate from '#models/command_template'
import { createMember } from '#tests/helpers/accounts'
import { createApiToken } from '#services/integrations/api_tokens'
import { ensureSubscriptions } from '#services/billing/subscriptions'
import { placeExtensionOrder } from '#services/billing/orders'
import { apiDevices, apiRange, apiTrips } from '#queries/api/api_v1'
import {
  commandTargets,
  commandTemplateNameTaken,
  companyCommandTemplates,
  findCompanyCommandTemplate,
} from '#queries/settings/command_templates'
import {
  companyApiTokens,
  companyWebhooks,
  findCompanyWebhook,
  webhookDeliveryCounts,
} from '#queries/settings/integrations'
import { revokeApiToken, toggleWebhook } from '#actions/settings/integrations'
import { companySchedules, findCompanySchedule } from '#queries/reports/scheduled_reports'
import {
  companyInvoices,
  findCompanyInvoice,
  ordersAwaitingPayment,
} from '#queries/account/billing'
import { companyMembers, findCompanyMemberByUser } from '#queries/account/team'
import { vehicleAndDriverChoices } from '#queries/fleet/choices'
import { unregisteredDevices } from '#queries/tracking/unregistered_devices'
import UnregisteredDeviceTransformer from '#transformers/tracking/unregistered_device_transformer'
import { fuelEntryLookups } from '#queries/fuel/fuel_entry_lookups'

let sequence = 0
function addDevice(companyId: number, name: string, extra: Partial<Device> = {}) {
  sequence++
  return Device.create({
    companyId,
    name,
    imei: `87${String(Date.now()).slice(-8)}${String(sequence).padStart(5, '0')}`,
    protocol: 'teltonika',
    ...extra,
  } as Partial<Device>)
}

async function rejectsAsMissing(assert: any, promise: Promise<unknown>) {
  await assert.rejects(() => promise, /E_ROW_NOT_FOUND|Row not found/)
}

const everyVehicle = (companyId: number) => ({ companyId, deviceGroupIds: null })

test.group('Queries of the JSON API', () => {
  test('devices of the company only, paged by id, filtered by device', async ({ assert }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const a = await addDevice(mine.company.id, 'A')
    const b = await addDevice(mine.company.id, 'B', { plate: '34 AB 12' } as Partial<Device>)
    await addDevice(theirs.company.id, 'Theirs')
    const all = await apiDevices(mine.company.id, {}, everyVehicle(mine.company.id))
    assert.deepEqual(
      all.map((row) => row.id),
      [a.id, b.id]
    )
    assert.equal(all[1].plate, '34 AB 12')
    const second = await apiDevices(
      mine.company.id,
      { page: 2, perPage: 1 },
      everyVehicle(mine.company.id)
    )
    assert.deepEqual(
      second.map((row) => row.name),
      ['B']
    )
    const one = await apiDevices(mine.company.id, { deviceId: a.id }, everyVehicle(mine.company.id))
    assert.deepEqual(
      one.map((row) => row.id),
      [a.id]
    )
  })

  test('the range is the last 24 hours up to `to` unless given; trips inside it only', async ({
    assert,
  }) => {
    const to = new Date('2026-03-02T12:00:00Z')
    assert.deepEqual(apiRange({ to }), { from: new Date('2026-03-01T12:00:00Z'), to })
    const from = new Date('2026-02-20T00:00:00Z')
    assert.deepEqual(apiRange({ from, to }), { from, to })

    const { company } = await createMember()
    const device = await addDevice(company.id, 'Tripper', {
      licenceEndDate: DateTime.now().plus({ years: 1 }),
    } as Partial<Device>)
    for (const start of ['2026-03-01T10:00:00Z', '2026-03-02T08:00:00Z']) {
      await db.table('trips').insert({
        company_id: company.id,
        device_id: device.id,
        start_time: start,
        end_time: new Date(new Date(start).getTime() + 600_000).toISOString(),
        start_latitude: 41,
        start_longitude: 29,
        end_latitude: 41.01,
        end_longitude: 29.01,
        distance: 1000,
        max_speed: 50,
        average_speed: 30,
        duration: 600,
        start_odometer: 0,
        end_odometer: 1000,
      })
    }
    const trips = await apiTrips(company.id, { to }, everyVehicle(company.id))
    assert.deepEqual(
      trips.map((trip) => trip.start),
      ['2026-03-02T08:00:00.000Z']
    )
  })
})

test.group('Queries and actions of the settings', () => {
  test('saved commands: by protocol and name, another company’s a 404, names per protocol', async ({
    assert,
  }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const reboot = await CommandTemplate.create({
      companyId: mine.company.id,
      protocol: 'teltonika',
      name: 'Reboot',
      text: 'cpureset',
    } as Partial<CommandTemplate>)
    await CommandTemplate.create({
      companyId: mine.company.id,
      protocol: 'gt06',
      name: 'Where',
      text: 'WHERE#',
    } as Partial<CommandTemplate>)
    const foreign = await CommandTemplate.create({
      companyId: theirs.company.id,
      protocol: 'teltonika',
      name: 'Theirs',
      text: 'getinfo',
    } as Partial<CommandTemplate>)
    assert.deepEqual(
      (await companyCommandTemplates(mine.company.id)).map((row) => row.name),
      ['Where', 'Reboot']
    )
    assert.equal((await findCompanyCommandTemplate(mine.company.id, reboot.id)).id, reboot.id)
    await rejectsAsMissing(assert, findCompanyCommandTemplate(mine.company.id, foreign.id))
    assert.isTrue(await commandTemplateNameTaken(mine.company.id, 'teltonika', 'REBOOT', null))
    assert.isFalse(
      await commandTemplateNameTaken(mine.company.id, 'teltonika', 'reboot', reboot.id)
    )
    assert.isFalse(await commandTemplateNameTaken(mine.company.id, 'gt06', 'Reboot', null))

    const device = await addDevice(mine.company.id, 'Van')
    await addDevice(theirs.company.id, 'Not mine')
    const targets = await commandTargets(mine.company.id)
    assert.deepEqual(targets.devices, [
      { id: device.id, name: 'Van', plate: null, protocol: 'teltonika', groupId: null },
    ])
    assert.deepEqual(targets.groups, [])
  })

  test('API tokens and webhooks: the company’s only; revoking keeps the first time; toggling', async ({
    assert,
  }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const { record } = await createApiToken(mine.company.id, 'Reader', mine.user.id)
    await createApiToken(theirs.company.id, 'Other', theirs.user.id)
    assert.deepEqual(
      (await companyApiTokens(mine.company.id)).map((row) => row.id),
      [record.id]
    )
    const revoked = await revokeApiToken(mine.company.id, record.id)
    const first = revoked.revokedAt!.toISO()
    assert.isNotNull(first)
    assert.equal((await revokeApiToken(mine.company.id, record.id)).revokedAt!.toISO(), first)

    const hook = await Webhook.create({
      companyId: mine.company.id,
      url: 'https://example.com/a',
      secret: 'x',
      active: true,
    })
    const foreign = await Webhook.create({
      companyId: theirs.company.id,
      url: 'https://example.com/b',
      secret: 'x',
      active: true,
    })
    assert.deepEqual(
      (await companyWebhooks(mine.company.id)).map((row) => row.id),
      [hook.id]
    )
    await rejectsAsMissing(assert, findCompanyWebhook(mine.company.id, foreign.id))
    await rejectsAsMissing(assert, toggleWebhook(mine.company.id, foreign.id))
    await rejectsAsMissing(assert, revokeApiToken(theirs.company.id, record.id))
    assert.isFalse((await toggleWebhook(mine.company.id, hook.id)).active)
    assert.isTrue((await toggleWebhook(mine.company.id, hook.id)).active)

    for (const status of ['pending', 'pending', 'failed', 'delivered']) {
      await db.table('webhook_deliveries').insert({
        company_id: mine.company.id,
        webhook_id: hook.id,
        payload: JSON.stringify({}),
        status,
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
    }
    const countOf = await webhookDeliveryCounts(mine.company.id)
    assert.equal(countOf(hook.id, 'pending'), 2)
    assert.equal(countOf(hook.id, 'failed'), 1)
    assert.equal((await webhookDeliveryCounts(theirs.company.id))(hook.id, 'pending'), 0)
  })
})

test.group('Queries of scheduled reports, billing and members', () => {
  test('scheduled reports of the company, of one report; another company’s a 404', async ({
    assert,
  }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const make = (companyId: number, userId: number, name: string, slug: string) =>
      ScheduledReport.create({
        companyId,
        createdBy: userId,
        name,
        slug,
        params: { period: 'yesterday' },
        frequency: 'daily',
        hour: 6,
        timezone: 'Europe/Istanbul',
        locale: 'en',
        recipients: ['x@example.com'],
        active: true,
      })
    const b = await make(mine.company.id, mine.user.id, 'B', 'trip-summary')
    const a = await make(mine.company.id, mine.user.id, 'A', 'stops')
    const foreign = await make(theirs.company.id, theirs.user.id, 'C', 'trip-summary')
    assert.deepEqual(
      (await companySchedules(mine.company.id)).map((row) => row.id),
      [a.id, b.id]
    )
    assert.deepEqual(
      (await companySchedules(mine.company.id, 'trip-summary')).map((row) => row.id),
      [b.id]
    )
    assert.equal((await findCompanySchedule(mine.company.id, a.id)).id, a.id)
    await rejectsAsMissing(assert, findCompanySchedule(mine.company.id, foreign.id))
    await rejectsAsMissing(assert, findCompanySchedule(mine.company.id, 'x'))
  })

  test('invoices of the company with their orders; orders awaiting a transfer', async ({
    assert,
  }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const today = DateTime.now().setZone('Europe/Istanbul').startOf('day')
    await addDevice(mine.company.id, 'Billed', {
      licenceEndDate: today.plus({ days: 4 }),
    } as Partial<Device>)
    await ensureSubscriptions(mine.company.id)
    const subscription = await Subscription.query()
      .where('company_id', mine.company.id)
      .firstOrFail()
    subscription.paidPeriods = 1
    await subscription.save()
    const { order, invoice } = await placeExtensionOrder(
      { company: mine.company, user: mine.user, locale: 'en', today },
      { subscriptionIds: [subscription.id], months: 1 }
    )
    const listed = await companyInvoices(mine.company.id)
    assert.deepEqual(
      listed.map((row) => row.id),
      [invoice.id]
    )
    assert.equal(listed[0].order.id, order.id)
    assert.equal((await findCompanyInvoice(mine.company.id, invoice.id)).order.id, order.id)
    await rejectsAsMissing(assert, findCompanyInvoice(theirs.company.id, invoice.id))
    assert.deepEqual(await companyInvoices(theirs.company.id), [])
    const awaiting = (await ordersAwaitingPayment()).find((row) => row.orderId === order.id)
    assert.deepEqual(awaiting, {
      orderId: order.id,
      number: invoice.number,
      company: mine.company.name,
      totalCents: order.totalCents,
    })
  })

  test('members of the company; a user of another company is a 404', async ({ assert }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const members = await companyMembers(mine.company.id)
    assert.deepEqual(
      members.map((member) => member.user.email),
      [mine.user.email]
    )
    assert.equal(
      (await findCompanyMemberByUser(mine.company.id, mine.user.id)).id,
      mine.membership.id
    )
    await rejectsAsMissing(assert, findCompanyMemberByUser(mine.company.id, theirs.user.id))
  })
})

test.group('Queries of fleet choices, fuel and unregistered trackers', () => {
  test('vehicles and active drivers of the company, by name', async ({ assert }) => {
    const mine = await createMember()
    const theirs = await createMember()
    const zed = await addDevice(mine.company.id, 'Zed', { brand: 'Ford' } as Partial<Device>)
    const alpha = await addDevice(mine.company.id, 'Alpha')
    await addDevice(theirs.company.id, 'Other')
    const active = await Driver.create({ companyId: mine.company.id, name: 'Ayşe' })
    await Driver.create({ companyId: mine.company.id, name: 'Passive', status: 'passive' })
    await Driver.create({ companyId: theirs.company.id, name: 'Theirs' })
    const choices = await vehicleAndDriverChoices(mine.company.id)
    assert.deepEqual(choices.vehicles, [
      { id: alpha.id, name: 'Alpha', plate: null, brand: null },
      { id: zed.id, name: 'Zed', plate: null, brand: 'Ford' },
    ])
    assert.deepEqual(choices.drivers, [{ id: active.id, name: 'Ayşe' }])
    const lookups = await fuelEntryLookups(mine.company.id)
    const driverChoices = Object.values(lookups).flat()
    assert.notInclude(
      driverChoices.map((choice) => choice.name),
      'Theirs'
    )
  })

  test('unregistered trackers, most recently seen first', async ({ assert }) => {
    const imei = `99${String(Date.now()).slice(-10)}`
    const older = `98${String(Date.now()).slice(-10)}`
    await db.table('unregistered_devices').insert([
      {
        imei: older,
        protocol: 'gt06',
        attempts: 1,
        first_seen_at: '2020-01-01T00:00:00Z',
        last_seen_at: '2020-01-01T00:00:00Z',
      },
      {
        imei,
        protocol: 'teltonika',
        attempts: 3,
        first_seen_at: '2020-01-01T00:00:00Z',
        last_seen_at: new Date().toISOString(),
      },
    ])
    const seen = (await unregisteredDevices()).map((row) =>
      new UnregisteredDeviceTransformer(row).toObject()
    )
    const mine = seen.filter((row) => row.imei === imei || row.imei === older)
    assert.deepEqual(
      mine.map((row) => [row.imei, row.protocol, row.attempts]),
      [
        [imei, 'teltonika', 3],
        [older, 'gt06', 1],
      ]
    )
    assert.equal(mine[1].firstSeenAt, '2020-01-01T00:00:00.000Z')
  })
})
