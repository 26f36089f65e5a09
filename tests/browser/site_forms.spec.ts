import { test } from '@japa/runner'
import ContactMessage from '#models/contact_message'
import DemoRequest from '#models/demo_request'
import { configurePageCache } from '#services/site/page_cache'

test.group('Public forms on cached pages', (group) => {
  group.each.setup(() => {
    configurePageCache({ ttlSeconds: 60 })
    return () => configurePageCache({ ttlSeconds: 0 })
  })

  test('a first-time visitor without cookies sends the contact form', async ({ visit, assert }) => {
    const page = await visit('/tr/iletisim')
    await page.context().clearCookies()

    // Served from the cache before the session starts: no cookie at all.
    const cached = await page.reload()
    assert.equal(cached?.headers()['x-page-cache'], 'hit')
    await page.waitForSelector('html[data-hydrated]')
    assert.deepEqual(await page.context().cookies(), [])

    const email = `first-visit-${Date.now()}@example.com`
    const form = page.locator('[data-testid="contact-form"]')
    await form.locator('#field-full_name').fill('Ayşe Yılmaz')
    await form.locator('#field-email').fill(email)
    await form.locator('#field-message').fill('50 araçlık filomuz için teklif istiyoruz.')
    await form.locator('button[type="submit"]').click()
    await page.assertTextContains('[data-testid="contact-form"] [role="status"]', 'Mesajınız')

    const stored = await ContactMessage.findByOrFail('email', email)
    assert.equal(stored.fullName, 'Ayşe Yılmaz')
  })

  test('a demo request with its subject and vehicle count is stored', async ({ visit, assert }) => {
    const page = await visit('/contact')
    await page.waitForSelector('html[data-hydrated]')
    const email = `demo-${Date.now()}@example.com`
    const form = page.locator('[data-testid="demo-form"]')
    await form.locator('#demo-name_or_company').fill('Baltic Haulage OÜ')
    await form.locator('#demo-email').fill(email)
    await form.locator('#demo-vehicle_count').fill('42')
    await form.locator('#demo-subject').selectOption('fleet_management')
    await form.locator('button[type="submit"]').click()
    await page.assertTextContains('[data-testid="demo-success"]', 'Request Submitted Successfully')

    const stored = await DemoRequest.findByOrFail('email', email)
    assert.equal(stored.nameOrCompany, 'Baltic Haulage OÜ')
    assert.equal(stored.subject, 'fleet_management')
    assert.equal(stored.vehicleCount, 42)
  })
})
