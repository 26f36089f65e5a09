import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'
import { createVehicle, seedTrip, setVehicleState } from '#tests/functional/live/live_fixtures'

test.group('One way to show a value (issue 15)', () => {
  test('a Turkish user in Istanbul reads the same date and time in the table, the export, the vehicle page and the history', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = 'Europe/Istanbul'
    user.dateFormat = 'dd.MM.yyyy'
    await user.save()
    const vehicle = await createVehicle(company, { name: '34 TR 001', plate: '34 TR 001' })
    const start = DateTime.utc().minus({ minutes: 40 }).startOf('minute')
    await seedTrip(vehicle, company, { start, count: 3, intervalSeconds: 30 })
    await setVehicleState(vehicle, company, { fix_time: start.toJSDate() })
    const local = start.setZone('Europe/Istanbul')
    const expected = local.toFormat('dd.MM.yyyy HH:mm')

    // The first visit compiles the pages on a cold dev server.
    browserContext.setDefaultNavigationTimeout(90_000)
    browserContext.setDefaultTimeout(60_000)
    // A closed network: the tile server cannot be reached.
    await browserContext.route('**/tile.openstreetmap.org/**', (route) => route.abort())
    await browserContext.loginAs(user)

    // The table (oldest first: the trip's first position).
    const day = (value: DateTime) => value.toISODate()
    const range = `from=${day(start.minus({ days: 1 }))}&to=${day(start.plus({ days: 1 }))}`
    const pageErrors: string[] = []
    browserContext.on('page', (opened) => {
      opened.on('pageerror', (error) => pageErrors.push(String(error)))
      opened.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text())
      })
    })
    const table = await visit(
      `/tr/panel/gecmis/takip?deviceId=${vehicle.id}&sort=fix_time&order=asc&${range}`
    )
    const firstRow = `.ag-row:has-text("${expected}:00")`
    await table.waitForSelector(firstRow).catch((error) => {
      throw new Error(`${error}\n${pageErrors.join('\n')}`)
    })
    await table.assertTextContains(firstRow, 'Evet')

    // The export, through the same session.
    const csv = await table.request.get(
      `${baseUrl()}/tr/panel/gecmis/takip/export?format=csv&deviceId=${vehicle.id}&fields=fix_time&sort=fix_time&order=asc&${range}`
    )
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    assert.equal(lines[1], `${expected}:00`)

    // The vehicle page: its last trip and the exact time of its last fix.
    const detail = await visit(`/tr/panel/araclar/${vehicle.id}`)
    await detail.waitForSelector('[data-testid="card-trips"]')
    await detail.assertTextContains('[data-testid="card-trips"]', expected)
    const fixTitle = await detail.getAttribute(
      `[data-testid="card-live-traffic"] time[datetime]`,
      'title'
    )
    assert.equal(fixTitle, `${expected}:00`)
    await detail.assertTextContains('[data-testid="card-technical"]', 'Teltonika')

    // The history of that hour.
    const from = local.minus({ hours: 1 }).toFormat("yyyy-MM-dd'T'HH:mm")
    const to = local.plus({ hours: 1 }).toFormat("yyyy-MM-dd'T'HH:mm")
    const history = await visit(`/tr/panel/gecmis?deviceId=${vehicle.id}&from=${from}&to=${to}`)
    await history.waitForSelector('[data-testid="history-trips"]')
    await history.assertTextContains('[data-testid="history-trips"]', expected)

    // Without tiles the map says so, once, in Turkish.
    await history.waitForSelector('[data-testid="map-tiles-unavailable"]')
    await history.assertTextContains(
      '[data-testid="map-tiles-unavailable"]',
      'Harita arka planı yüklenemiyor'
    )
    assert.equal(await history.locator('[data-testid="map-tiles-unavailable"]').count(), 1)
    // It covers neither the alarm and parking toggles nor anything at the map's top.
    const notice = await history.locator('[data-testid="map-tiles-unavailable"]').boundingBox()
    const toggles = await history.locator('[data-testid="map-pin-toggles"]').boundingBox()
    assert.isNotNull(notice)
    assert.isNotNull(toggles)
    assert.isTrue(
      notice!.y >= toggles!.y + toggles!.height || notice!.y + notice!.height <= toggles!.y,
      `notice ${JSON.stringify(notice)} overlaps toggles ${JSON.stringify(toggles)}`
    )
  }).timeout(420_000)
})
