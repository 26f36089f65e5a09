import { test } from '@japa/runner'
import ContactMessage from '#models/contact_message'
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
})
