import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'
import { DateTime } from 'luxon'
import ScheduledReport from '#models/scheduled_report'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

/** WCAG 2.1 A/AA violations of the page as it is now (axe-core), named by rule and element. */
async function violations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map(
    (violation) =>
      `${label}: ${violation.id} ${violation.help} → ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}`
  )
}

test.group('Reports in the browser', () => {
  test('open a report, change the period with the picker, export it and schedule it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    user.timezone = ZONE
    await user.save()
    await user.refresh()
    const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
    const truck = await createVehicle(company, { name: 'Truck' })
    const today = DateTime.now().setZone(ZONE).startOf('day')
    const yesterday = today.minus({ days: 1 })
    await addTrip(van, company, {
      start: yesterday.plus({ hours: 8 }),
      distance: 12_345,
      duration: 1200,
    })
    await addTrip(truck, company, {
      start: yesterday.plus({ hours: 18 }),
      distance: 5000,
      duration: 600,
    })
    await addTrip(van, company, {
      start: today.minus({ days: 3 }).plus({ hours: 9 }),
      distance: 2000,
      duration: 300,
    })

    await browserContext.loginAs(user)
    const page = await visit('/backend/reports')
    await page.waitForSelector('[data-testid="report-groups"]')
    const found = await violations(page, 'reports index')
    await page.click('[data-testid="report-trip-summary"] a')
    await page.waitForURL('**/backend/reports/trip-summary')
    await page.waitForSelector('[data-testid="report-parameters"]')

    // Yesterday from the picker's quick ranges: the URL, the applied range and the rows follow.
    await page.click('[data-testid="period-picker"]')
    await page.click('[data-testid="period-picker-preset-yesterday"]')
    await page.waitForURL(/period=yesterday/)
    await page.assertTextContains(
      '[data-testid="period-picker-applied"]',
      yesterday.toFormat('dd.MM.yyyy')
    )
    const table = '[data-testid="resource-table-report-trip-summary"]'
    await page.waitForSelector(`${table} .ag-row:has-text("Truck")`)
    await page.waitForSelector(`${table} .ag-row:has-text("34 VAN 1")`)
    await page.assertTextContains('[data-testid="report-totals"]', '17.35 km')
    // The period's trips on the map beside the table (issue 26); a row chosen in the table is
    // highlighted on it, and the row's playback link still leads to the history.
    await page.waitForSelector('[data-testid="report-map"] .leaflet-container')
    await page.assertTextContains('[data-testid="report-map-note"]', '2 trips and 0 parkings')
    await page.click(`${table} .ag-row:has-text("Truck") .ag-cell[col-id="vehicle"]`)
    await page.waitForSelector('[data-testid="report-map"][data-highlighted]')
    const playback = await page.getAttribute(
      `${table} .ag-row:has-text("Truck") [data-testid="report-playback-link"]`,
      'href'
    )
    assert.include(playback, `deviceId=${truck.id}`)
    found.push(...(await violations(page, 'report page')))

    // One day picked on the calendar (start and end on the same day).
    await page.click('[data-testid="period-picker"]')
    const day = `[data-testid="period-picker-day-${yesterday.toISODate()}"]`
    await page.click(day)
    await page.click(day)
    await page.click('[data-testid="period-picker-apply"]')
    await page.waitForURL(/period=custom/)
    assert.equal(new URL(page.url()).searchParams.get('to'), yesterday.toISODate())
    await page.assertTextContains('[data-testid="report-totals"]', '17.35 km')

    // A custom range typed in the user's date format (three days ago to yesterday).
    await page.click('[data-testid="period-picker"]')
    await page.waitForSelector('[data-testid="period-picker-from"]')
    found.push(...(await violations(page, 'period picker')))
    await page.fill(
      '[data-testid="period-picker-from"]',
      today.minus({ days: 3 }).toFormat('dd.MM.yyyy')
    )
    await page.fill('[data-testid="period-picker-to"]', yesterday.toFormat('dd.MM.yyyy'))
    await page.click('[data-testid="period-picker-apply"]')
    await page.waitForURL(new RegExp(`from=${today.minus({ days: 3 }).toISODate()}`))
    const url = new URL(page.url())
    assert.equal(url.searchParams.get('from'), today.minus({ days: 3 }).toISODate())
    assert.equal(url.searchParams.get('to'), yesterday.toISODate())
    await page.assertTextContains('[data-testid="report-totals"]', '19.35 km')

    // Export: the XLSX of the applied parameters downloads.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="export-xlsx"]'),
    ])
    assert.equal(
      download.suggestedFilename(),
      `trip-summary-${today.minus({ days: 3 }).toISODate()}.xlsx`
    )

    // Schedule it: the dialog saves the report's parameters with it.
    await page.click('[data-testid="report-schedule"]')
    await page.waitForSelector('#field-recipients')
    found.push(...(await violations(page, 'schedule dialog')))
    await page.fill('#field-recipients', 'ops@example.com')
    await page.selectOption('#field-frequency', 'weekly')
    await page.selectOption('#field-weekday', '5')
    await page.click('[data-testid="schedule-save"]')
    await page.waitForSelector('[data-testid="scheduled-reports"] >> text=ops@example.com')
    assert.deepEqual(found, [])
    const saved = await ScheduledReport.query().where('company_id', company.id).firstOrFail()
    assert.equal(saved.weekday, 5)
    assert.deepEqual(saved.params, {
      period: 'custom',
      from: today.minus({ days: 3 }).toISODate(),
      to: yesterday.toISODate(),
    })
  }).timeout(90_000)
})
