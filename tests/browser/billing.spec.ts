import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Device from '#models/device'
import { ensureSubscriptions } from '#services/billing/subscriptions'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'

/*
| The demo path of the billing issue: an owner selects three vehicles, extends them for six
| months with the breakdown shown before ordering (10 % off, VAT 20 %), places the order and
| finds the numbered invoice; the page has no WCAG 2.1 A/AA violation.
*/
test.group('Billing in the browser', () => {
  test('extend three vehicles for six months and get the invoice', async ({
    browserContext,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    await owner.user.refresh()
    const ends = DateTime.now().setZone('Europe/Istanbul').startOf('day').plus({ days: 12 })
    for (const name of ['Van 1', 'Van 2', 'Van 3']) {
      await Device.create({
        companyId: owner.company.id,
        name,
        imei: `86${String(Date.now()).slice(-9)}${name.slice(-1)}111`,
        protocol: 'teltonika',
        licenceEndDate: ends,
      } as Partial<Device>)
    }
    await ensureSubscriptions(owner.company.id)
    await db.from('subscriptions').where('company_id', owner.company.id).update({ paid_periods: 1 })
    await browserContext.loginAs(owner.user)

    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    await page.goto(`${baseUrl()}/backend/account/subscriptions`, { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('html[data-hydrated]')
    await page.waitForSelector('[data-testid="subscriptions"]')

    for (const name of ['Van 1', 'Van 2', 'Van 3']) {
      await page.getByLabel(`Select ${name}`).check()
    }
    await page.getByLabel('Extension period').selectOption('6')
    const breakdown = page.locator('[data-testid="price-breakdown"]')
    await breakdown.waitFor()
    const text = (await breakdown.textContent()) ?? ''
    assert.include(text, '€162.00')
    assert.include(text, 'Extension discount (10%)')
    assert.include(text, '€16.20')
    assert.include(text, '€29.16')
    assert.include(text, '€174.96')

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    const found = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} → ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`
    )
    assert.deepEqual(found, [])

    await page.getByRole('button', { name: 'Review order' }).click()
    const review = page.locator('[data-testid="order-review"]')
    await review.waitFor()
    const reviewText = (await review.textContent()) ?? ''
    assert.include(reviewText, owner.company.name)
    assert.include(reviewText, 'Tax ID: 1234567890')
    assert.include(reviewText, '14 days after issue')
    const reviewAxe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    assert.deepEqual(
      reviewAxe.violations.map((violation) => violation.id),
      []
    )
    await page.getByRole('button', { name: 'Confirm and place order' }).click()
    await page.waitForURL((url) => url.pathname === '/backend/account/invoices')
    await page.waitForSelector('[data-testid="invoices"]')
    const invoices = (await page.locator('[data-testid="invoices"]').textContent()) ?? ''
    assert.match(invoices, /INV-\d{4}-\d{6}/)
    assert.include(invoices, '€174.96')
    assert.include(invoices, 'Awaiting payment')
  }).timeout(300_000)
})
