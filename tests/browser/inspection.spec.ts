import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Page } from 'playwright'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { pathFor } from '#shared/route_table'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'
import { createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'

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
| Issue 30: a driver files an inspection on a phone with a failed brake light (note and drawn
| signature), without a WCAG 2.1 A/AA violation; the manager then finds the issue it opened.
*/
test.group('Inspection on a phone', () => {
  test('a driver files a failed brake light; the manager sees the issue', async ({
    browserContext,
    assert,
  }) => {
    const { user: manager, company } = await createMember({ role: 'manager' })
    const driver = await User.create({
      email: `driver-${Date.now()}@example.com`,
      password: 'secret-password',
      fullName: 'Deniz Driver',
      emailVerifiedAt: DateTime.now(),
    })
    await addMember(company, driver, 'user')
    const vehicle = await createVehicle(company, { name: 'Transit 4', plate: '34 INS 404' })
    await setVehicleState(vehicle, company, { odometer: 80_000_000 })
    const [tyres, brake] = await db
      .table('inspection_items')
      .insert([
        { company_id: company.id, name: 'Tyres', position: 1 },
        { company_id: company.id, name: 'Brake light', position: 2 },
      ])
      .returning('id')

    await browserContext.loginAs(driver)
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(baseUrl() + pathFor('forms.inspection', 'en'), {
      waitUntil: 'domcontentloaded',
    })
    await page.waitForSelector('html[data-hydrated]')
    await page.selectOption('#field-device_id', String(vehicle.id))
    await page.waitForSelector(`[data-testid="item-${brake.id}"]`)

    const found: string[] = []
    found.push(...(await violations(page, 'inspection form')))
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0, 'no sideways scrolling on a phone')

    await page.fill('#field-odometer_km', '80012')
    await page.click(`label[for="result_${tyres.id}-pass"]`)
    await page.click(`label[for="result_${brake.id}-fail"]`)
    await page.fill(`#field-note_${brake.id}`, 'Left brake light is out')
    found.push(...(await violations(page, 'inspection form with a failed item')))
    // The signature, drawn on the canvas
    const pad = (await page.locator('[data-testid="signature-pad"]').boundingBox())!
    await page.mouse.move(pad.x + 20, pad.y + 60)
    await page.mouse.down()
    await page.mouse.move(pad.x + 120, pad.y + 100, { steps: 8 })
    await page.mouse.move(pad.x + 220, pad.y + 40, { steps: 8 })
    await page.mouse.up()
    await page.click('[data-testid="submit-inspection"]')
    await page.waitForSelector('text=Inspection filed: 1 failed item opened an issue.')

    const inspection = await db.from('inspections').where('company_id', company.id).firstOrFail()
    assert.equal(inspection.result, 'failed')
    assert.equal(inspection.odometer_km, 80_012)
    assert.isString(inspection.signature_path)

    // The manager sees the issue the failed item opened
    await browserContext.loginAs(manager)
    const office = await browserContext.newPage()
    office.setDefaultTimeout(120_000)
    await office.goto(baseUrl() + pathFor('fleet.issues', 'en'), { waitUntil: 'domcontentloaded' })
    await office.waitForSelector('html[data-hydrated]')
    await office.waitForSelector('.ag-row >> text=Brake light')
    await office.waitForSelector('.ag-row >> text=Transit 4')

    if (found.length > 0) console.log(found.join('\n'))
    assert.deepEqual(found, [])
  }).timeout(600_000)
})
