import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { pathFor } from '#shared/route_table'
import { vehicleCheckItems } from '#shared/vehicle_check'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'
import { createVehicle } from '#tests/functional/live/live_fixtures'

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
| The vehicle check as a driver fills it in on a phone: no sideways scrolling, thumb-sized
| score buttons, the errors of an incomplete check, then a complete one filed, all without a
| WCAG 2.1 A/AA violation.
*/
test.group('Vehicle check on a phone', () => {
  test('a member files a check on a phone-sized screen', async ({ browserContext, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company, {
      name: 'Sprinter 7',
      plate: '34 VC 701',
      brand: 'Mercedes',
    })
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(baseUrl() + pathFor('forms.vehicle-check', 'en'), {
      waitUntil: 'domcontentloaded',
    })
    await page.waitForSelector('html[data-hydrated]')
    await page.waitForSelector('[data-testid="vehicle-check-form"]')

    const found: string[] = []
    found.push(...(await violations(page, 'vehicle check')))
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.isAtMost(overflow, 0, 'no sideways scrolling on a phone')
    const button = await page.locator('label[for="tyres-5"]').boundingBox()
    assert.isAtLeast(button!.height, 44, 'score buttons are thumb-sized')
    assert.isAtLeast(button!.width, 44, 'score buttons are thumb-sized')

    // An incomplete check: the errors of the page's language, nothing stored.
    await page.click('[data-testid="submit-check"]')
    await page.waitForSelector('[data-field-error="tyres"]')
    assert.equal(
      (await page.locator('[data-field-error="tyres"]').textContent())?.trim(),
      'The Tyres field is required.'
    )
    assert.equal(
      (await page.locator('[data-field-error="device_id"]').textContent())?.trim(),
      'The Vehicle field is required.'
    )
    found.push(...(await violations(page, 'vehicle check with errors')))
    assert.lengthOf(await db.from('vehicle_checks').where('company_id', company.id), 0)

    // The whole check, by keyboard for one item and by touch for the rest.
    await page.selectOption('#field-device_id', String(vehicle.id))
    assert.equal(await page.inputValue('#field-brand'), 'Mercedes')
    await page.selectOption('#field-type', 'pre_trip')
    await page.focus('#windows-1')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    for (const item of vehicleCheckItems) {
      if (item !== 'windows') await page.click(`label[for="${item}-4"]`)
    }
    assert.isTrue(await page.isChecked('#windows-3'))
    await page.fill('#field-body_description', 'Scratch on the rear bumper')
    await page.click('[data-testid="submit-check"]')
    await page.waitForSelector('text=Record created successfully!')

    const row = await db.from('vehicle_checks').where('company_id', company.id).firstOrFail()
    assert.equal(row.device_id, vehicle.id)
    assert.equal(row.type, 'pre_trip')
    assert.equal(row.windows, 3)
    assert.equal(row.tyres, 4)
    assert.equal(row.body_description, 'Scratch on the rear bumper')
    assert.equal(row.inspector_id, user.id)
    // The form starts a new check.
    assert.equal(await page.inputValue('#field-device_id'), '')
    assert.isFalse(await page.isChecked('#tyres-4'))

    if (found.length > 0) console.log(found.join('\n'))
    assert.deepEqual(found, [])
  }).timeout(600_000)
})
