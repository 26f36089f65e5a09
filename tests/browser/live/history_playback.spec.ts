import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { addEvent, addStop, createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'

test.group('History playback', () => {
  test("plays yesterday's trip: alarm and parking pins switch off and on, the scrubber, the readout and the cursor advance", async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = 'Europe/Istanbul'
    await user.save()
    const vehicle = await createVehicle(company, { name: 'Playback van', plate: '34 PLY 01' })
    const yesterday = DateTime.now().setZone('Europe/Istanbul').startOf('day').minus({ days: 1 })
    const trip = await seedTrip(vehicle, company, {
      start: yesterday.plus({ hours: 10 }),
      count: 120,
      intervalSeconds: 10,
    })
    await addStop(vehicle, company, { start: trip.end, duration: 600 })
    await addEvent(vehicle, company, { code: 'A101', time: trip.start.plus({ minutes: 5 }) })

    await browserContext.loginAs(user)
    const page = await visit(`/backend/history?deviceId=${vehicle.id}`)
    const scrubber = '[data-testid="playback-scrubber"]'
    await page.waitForSelector(scrubber)
    await page.waitForSelector('[data-testid="playback-cursor"]')
    await page.assertTextContains('[data-testid="history-trips"]', 'Trip 1')

    // Alarm and parking pins can be switched off and on; the start and end stay.
    await page.waitForSelector('[data-testid="history-pin-alarm"]')
    await page.waitForSelector('[data-testid="history-pin-stop"]')
    await page.uncheck('[data-testid="history-toggle-alarms"]')
    await page.uncheck('[data-testid="history-toggle-stops"]')
    await page.waitForSelector('[data-testid="history-pin-alarm"]', { state: 'detached' })
    await page.waitForSelector('[data-testid="history-pin-stop"]', { state: 'detached' })
    await page.check('[data-testid="history-toggle-stops"]')
    await page.waitForSelector('[data-testid="history-pin-stop"]')
    assert.equal(await page.locator('[data-testid="history-pin-alarm"]').count(), 0)
    await page.check('[data-testid="history-toggle-alarms"]')
    await page.waitForSelector('[data-testid="history-pin-alarm"]')

    const startValue = Number(await page.inputValue(scrubber))
    assert.equal(startValue, trip.start.toMillis())
    const cursorBefore = await page.getAttribute(
      '.leaflet-marker-icon:has([data-testid="playback-cursor"])',
      'data-lat'
    )
    await page.assertTextContains('[data-testid="playback-readout"]', '10:00:00')

    await page.selectOption('[data-testid="playback-speed"]', '64')
    await page.click('[data-testid="playback-toggle"]')
    await page.waitForFunction(
      ({ selector, from }) =>
        Number((document.querySelector(selector) as HTMLInputElement).value) > from + 30_000,
      { selector: scrubber, from: startValue }
    )
    await page.click('[data-testid="playback-toggle"]')
    assert.equal(
      await page.getAttribute('[data-testid="playback-toggle"]', 'data-playing'),
      'false'
    )

    const cursorAfter = await page.getAttribute(
      '.leaflet-marker-icon:has([data-testid="playback-cursor"])',
      'data-lat'
    )
    assert.isAbove(Number(cursorAfter), Number(cursorBefore))
    const readout = await page.textContent('[data-testid="playback-readout"]')
    assert.notInclude(readout ?? '', '10:00:00')

    // Moving the scrubber moves the cursor too.
    await page.fill(scrubber, String(trip.end.toMillis()))
    await page.waitForFunction(
      (lat) =>
        document
          .querySelector('.leaflet-marker-icon:has([data-testid="playback-cursor"])')
          ?.getAttribute('data-lat') === lat,
      trip.positions.at(-1)!.latitude.toFixed(6)
    )
  }).timeout(60_000)
})
