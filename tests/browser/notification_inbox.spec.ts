import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { NotificationDispatchJob } from '#jobs/notification_dispatch_job'
import { NotificationDeliveryJob } from '#jobs/notification_delivery_job'

/** Dispatch and delivery as the worker runs them, a little after the events were stored. */
async function deliverAll() {
  const later = DateTime.now().plus({ seconds: 5 })
  await new NotificationDispatchJob().run(later)
  await new NotificationDeliveryJob().run(later)
}

test.group('Notification inbox', () => {
  test('an over-speed of an instant rule arrives by e-mail and in the open inbox, live', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    await user.refresh()
    const van = await createVehicle(company, { name: 'Inbox van', plate: '34 INB 01' })
    await db.table('notification_settings').insert({
      company_id: company.id,
      name: 'Speeding',
      alarm_codes: ['105'],
      schedule: 'instant',
      channels: ['email', 'inbox'],
      emails: ['dispatch@example.com'],
      phones: [],
      quiet_minutes: 10,
      timezone: 'Europe/Istanbul',
      locale: 'en',
      created_at: new Date(),
    })
    // The dispatch cursor starts after the events other tests stored.
    await deliverAll()

    await browserContext.loginAs(user)
    const page = await visit('/backend')
    await page.waitForSelector('html[data-hydrated]')
    await page.waitForSelector('[data-testid="notification-bell"]')
    assert.equal(await page.locator('[data-testid="notification-count"]').count(), 0)

    mailbox.clear()
    await db.table('events').insert({
      company_id: company.id,
      device_id: van.id,
      event_time: DateTime.now().minus({ seconds: 10 }).toJSDate(),
      code: '105',
      state: 'A',
      latitude: 41.01,
      longitude: 29.01,
    })
    await deliverAll()

    // The bell counts it without a reload (Transmit), and the list names the vehicle.
    await page.waitForSelector('[data-testid="notification-count"]')
    await page.assertTextContains('[data-testid="notification-count"]', '1')
    await page.click('[data-testid="notification-bell"]')
    await page.assertTextContains('[data-testid="notification-list"]', 'Inbox van')
    assert.include(mailbox.lastTo('dispatch@example.com').text, 'Inbox van')
  }).timeout(60_000)
})
