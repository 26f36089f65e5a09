import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'
import { registerDevice } from '#actions/tracking/register_device'
import { pathFor } from '#shared/route_table'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'

/*
| axe-core (WCAG 2.1 A and AA rules) on the back office's main screens, signed in, in both
| languages. A violation names its page, rule and elements, so the failure says where to
| look; fixes belong in the shared components the pages are built from.
*/

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

test.group('Accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('the back office screens have no WCAG 2.1 A/AA violation', async ({
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const { id } = await registerDevice({
      company: company.name,
      imei: `35630707${String(Date.now()).slice(-7)}`,
      name: '34 AXE 01',
      protocol: 'teltonika',
    })
    await browserContext.loginAs(user)

    const found: string[] = []
    const screens: { label: string; path: string; ready: string }[] = [
      { label: 'dashboard', path: pathFor('backend', 'en'), ready: '[data-testid="greeting"]' },
      { label: 'live map', path: pathFor('live', 'en'), ready: '.leaflet-container' },
      {
        label: 'vehicle page',
        path: pathFor('assets.show', 'en', { id }),
        ready: '[data-testid="vehicle-title"]',
      },
      { label: 'history', path: pathFor('history', 'en'), ready: 'main' },
      { label: 'account settings', path: pathFor('account.settings', 'en'), ready: 'main form' },
      {
        label: 'Turkish dashboard',
        path: pathFor('backend', 'tr'),
        ready: '[data-testid="greeting"]',
      },
    ]
    // Vite serves the modules one by one in tests: wait for the DOM and hydration, not for
    // every module's load event.
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    for (const screen of screens) {
      await page.goto(baseUrl() + screen.path, { waitUntil: 'domcontentloaded' })
      await page.waitForSelector('html[data-hydrated]')
      await page.waitForSelector(screen.ready)
      found.push(...(await violations(page, screen.label)))
    }

    // A table, then its New dialog open.
    await page.goto(baseUrl() + '/backend/settings/device-groups', {
      waitUntil: 'domcontentloaded',
    })
    await page.waitForSelector('html[data-hydrated]')
    await page.waitForSelector('.ag-root')
    found.push(...(await violations(page, 'table')))
    await page.click('[data-testid="create-record"]')
    await page.waitForSelector('[role="dialog"] #field-name')
    found.push(...(await violations(page, 'table with New dialog')))

    if (found.length > 0) console.log(found.join('\n'))
    assert.deepEqual(found, [])
  }).timeout(600_000)

  test('a sign-in error marks its input invalid and describes it by the message', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    await page.goto(baseUrl() + pathFor('login', 'en'), { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('html[data-hydrated]')
    await page.fill('#field-email', 'nobody@example.com')
    await page.click('button[type="submit"]')
    await page.waitForSelector('[data-field-error="password"]')

    const input = page.locator('#field-password')
    assert.equal(await input.getAttribute('aria-invalid'), 'true')
    const describedBy = await input.getAttribute('aria-describedby')
    assert.isNotNull(describedBy)
    assert.isNotEmpty(((await page.locator(`#${describedBy}`).textContent()) ?? '').trim())
    assert.deepEqual(await violations(page, 'login with errors'), [])
  }).timeout(300_000)
})
