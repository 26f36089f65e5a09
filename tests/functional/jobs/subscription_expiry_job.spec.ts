import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Device from '#models/device'
import CompanySetting from '#models/company_setting'
import Subscription from '#models/subscription'
import { SubscriptionExpiryJob } from '#jobs/subscription_expiry_job'
import { mapVehicles } from '#queries/live/map_vehicles'
import { findCompanyVehicle } from '#queries/live/vehicle_detail'
import { placeExtensionOrder, markOrderPaid } from '#services/billing/orders'
import { createMember } from '#tests/helpers/accounts'
import { TransmitPublisher } from '#tracking/server/transmit_publisher'
import { reloadExpiredDevices } from '#services/billing/expired_devices'
import { mailbox } from '#tests/helpers/mailbox'

let sequence = 0
async function addDevice(companyId: number, name: string, endsOn: DateTime) {
  sequence++
  return Device.create({
    companyId,
    name,
    imei: `86${String(Date.now()).slice(-8)}${String(sequence).padStart(5, '0')}`,
    protocol: 'teltonika',
    licenceEndDate: endsOn,
  } as Partial<Device>)
}

/** Reminders 30/7/1 days before the end, once each; expiry after the 7-day grace period. */
test.group('Subscription expiry job', (group) => {
  group.each.setup(() => mailbox.clear())

  test('reminders go out once per threshold, and the expiry rule hides live state until renewal', async ({
    assert,
  }) => {
    const now = DateTime.fromISO('2031-03-10T09:00:00', { zone: 'Europe/Istanbul' })
    const today = now.startOf('day')
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const in30 = await addDevice(owner.company.id, 'In 30', today.plus({ days: 30 }))
    await addDevice(owner.company.id, 'In 20', today.plus({ days: 20 }))
    await addDevice(owner.company.id, 'In 7', today.plus({ days: 7 }))
    await addDevice(owner.company.id, 'In 1', today.plus({ days: 1 }))
    await addDevice(owner.company.id, 'In 60', today.plus({ days: 60 }))
    const graced = await addDevice(owner.company.id, 'Ended 3 days ago', today.minus({ days: 3 }))
    const lapsed = await addDevice(owner.company.id, 'Ended 10 days ago', today.minus({ days: 10 }))
    for (const device of [graced, lapsed, in30]) {
      await db.table('device_states').insert({
        device_id: device.id,
        company_id: owner.company.id,
        latitude: 41.01,
        longitude: 28.97,
        fix_time: now.toJSDate(),
      })
    }

    const job = new SubscriptionExpiryJob()
    await job.run(now)

    const mails = mailbox.messages.filter((message) => message.to.includes(owner.user.email))
    // One e-mail per threshold: 30 days (In 30, In 20), 7 days (In 7), 1 day (In 1).
    assert.lengthOf(mails, 3)
    // Quoted-printable bodies wrap long lines (a soft break is '=' at the end of a line).
    const text = mails.map((message) => message.raw.replace(/=\r?\n/g, '')).join('\n')
    assert.include(text, 'In 30')
    assert.include(text, 'In 20')
    assert.notInclude(text, 'In 60')
    assert.notInclude(text, 'Ended')
    const reminders = await db
      .from('subscription_reminders as r')
      .join('subscriptions as s', 's.id', 'r.subscription_id')
      .where('s.company_id', owner.company.id)
      .count('* as total')
      .first()
    assert.equal(Number(reminders.total), 4)

    // A second run the same day sends nothing again.
    mailbox.clear()
    await job.run(now.plus({ hours: 1 }))
    assert.lengthOf(mailbox.messages, 0)

    // Expiry: only the one past the 7-day grace period.
    const lapsedSubscription = await Subscription.findByOrFail('device_id', lapsed.id)
    const gracedSubscription = await Subscription.findByOrFail('device_id', graced.id)
    assert.equal(lapsedSubscription.status, 'expired')
    assert.equal(gracedSubscription.status, 'active')

    // Nothing is lost, but the live position is hidden while expired.
    const map = await mapVehicles(owner.company.id)
    const row = (id: number) => map.find((vehicle) => vehicle.id === id)!
    assert.isNull(row(lapsed.id).latitude)
    assert.isFalse(row(lapsed.id).has_state)
    assert.equal(row(graced.id).latitude, 41.01)
    assert.equal(row(in30.id).latitude, 41.01)
    const stored = await db.from('device_states').where('device_id', lapsed.id).first()
    assert.equal(stored.latitude, 41.01)

    assert.isNull((await findCompanyVehicle(owner.company.id, lapsed.id)).state)
    assert.isNotNull((await findCompanyVehicle(owner.company.id, graced.id)).state)

    // Live updates of the expired vehicle are withheld too.
    const sent: number[] = []
    const publisher = new TransmitPublisher((_channel, message) => {
      if ('deviceId' in message) sent.push(message.deviceId as number)
    })
    const state = {
      fixTime: now.toMillis(),
      latitude: 41.02,
      longitude: 28.98,
      speed: 30,
      course: 90,
      liveStatus: 'moving',
      online: true,
      ignition: true,
      odometer: 1000,
    } as unknown as Parameters<TransmitPublisher['position']>[1]
    await reloadExpiredDevices()
    publisher.position(lapsed as never, state)
    publisher.position(graced as never, state)
    publisher.flush()
    assert.deepEqual(sent, [graced.id])

    // Renewal: paid extension from today makes it active and visible again.
    const { order } = await placeExtensionOrder(
      { company: owner.company, user: owner.user, locale: 'en', today },
      { subscriptionIds: [lapsedSubscription.id], months: 1 }
    )
    await markOrderPaid(order.id, { userId: null, today })
    await lapsedSubscription.refresh()
    assert.equal(lapsedSubscription.status, 'active')
    assert.equal(lapsedSubscription.endsOn!.toISODate(), today.plus({ months: 1 }).toISODate())
    const after = await mapVehicles(owner.company.id)
    assert.equal(after.find((vehicle) => vehicle.id === lapsed.id)!.latitude, 41.01)
    await reloadExpiredDevices()
    publisher.position(lapsed as never, state)
    publisher.flush()
    assert.deepEqual(sent, [graced.id, lapsed.id])

    // The new end date starts the reminders again: 30 days before it, one more e-mail.
    mailbox.clear()
    await job.run(now.plus({ days: 1 }))
    assert.include(mailbox.lastTo(owner.user.email).text, 'Ended 10 days ago')
  })

  test('a company with its own licence-expiry notice days gets that notice, not these reminders', async ({
    assert,
  }) => {
    const now = DateTime.fromISO('2032-05-10T09:00:00', { zone: 'Europe/Istanbul' })
    const owner = await createMember({ role: 'owner' })
    const settings = await CompanySetting.of(owner.company.id)
    settings.licenceExpiryDays = 10
    await settings.save()
    await addDevice(owner.company.id, 'Own notice', now.startOf('day').plus({ days: 7 }))
    await new SubscriptionExpiryJob().run(now)
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(owner.user.email)))
  })
})
