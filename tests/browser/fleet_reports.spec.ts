import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { pathFor } from '#shared/route_table'
import { baseUrl } from '#tests/helpers/http_session'
import { fleetDataset } from '#tests/functional/fleet_reports/fixtures'

const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function violations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG21_AA).analyze()
  return results.violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact}) ${violation.help} → ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}`
  )
}

/*
| A manager opens the fleet summary (a report on the shared report page) for March 2026,
| reads its totals and costs by kind, follows its link to the maintenance
| integration, and imports a file with one good and one bad row: the good one is stored, the
| bad one listed with its reason; no WCAG 2.1 A/AA violation on the way.
*/
test.group('Fleet summary and maintenance integration', () => {
  test('a manager reads the summary and imports services', async ({ browserContext, assert }) => {
    const { user, company } = await fleetDataset('manager')
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    const found: string[] = []

    await page.goto(
      `${baseUrl()}${pathFor('fleet.fleet-summary', 'en')}?from=2026-03-01&to=2026-03-31`,
      { waitUntil: 'domcontentloaded' }
    )
    await page.waitForSelector('html[data-hydrated]')
    // The shared report page: the fleet's figures as totals, the costs by kind as rows.
    await page.waitForSelector('[data-testid="report-totals"]')
    const totals = await page.textContent('[data-testid="report-totals"]')
    assert.include(totals, 'Vehicles2')
    assert.include(totals, 'Distance150 km')
    assert.include(totals, 'Cost per km₺46.33')
    assert.include(totals, 'Total cost₺6,950.00')
    await page.waitForSelector(
      '[data-testid="resource-table-report-fleet-summary"] .ag-row:has-text("Insurance")'
    )
    found.push(...(await violations(page, 'fleet summary')))

    await page.click('[data-testid="report-link-fleet.maintenance-integration"]')
    await page.waitForSelector('[data-testid="import-form"]')
    assert.equal(new URL(page.url()).pathname, pathFor('fleet.maintenance-integration', 'en'))
    found.push(...(await violations(page, 'maintenance integration')))

    await page.setInputFiles('#field-file', {
      name: 'services.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'plate,date,type,cost,reference\n34 VAN 1,2026-03-18,oil_change,99.90,B-1\nNOPE 1,2026-03-18,oil_change,,B-2\n'
      ),
    })
    await page.click('[data-testid="import-form"] button[type="submit"]')
    await page.waitForSelector('[data-testid="import-errors"]')
    const reason = await page.textContent('[data-testid="import-errors"] tbody')
    assert.include(reason, 'No vehicle of this company has this Plate.')
    await page.assertTextContains('[data-sonner-toaster]', '1 service imported, 1 row refused.')
    // The page with its error toast (its colours are darkened to AA in app.css), once the
    // toast has faded in: mid-transition its text is still translucent.
    await page
      .locator('[data-sonner-toast][data-mounted="true"]')
      .evaluate((toast) =>
        Promise.all(toast.getAnimations().map((animation) => animation.finished))
      )
    found.push(...(await violations(page, 'import report')))

    const stored = await db
      .from('maintenance_records')
      .where({ company_id: company.id, reference: 'B-1' })
      .first()
    assert.equal(Number(stored.cost_cents), 9990)

    if (found.length > 0) console.log(found.join('\n'))
    assert.deepEqual(found, [])
  }).timeout(600_000)
})
