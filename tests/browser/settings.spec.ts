import { test } from '@japa/runner'
import Building from '#models/building'
import CompanySetting from '#models/company_setting'
import { createMember } from '#tests/helpers/accounts'

test.group('Settings in the browser', () => {
  test('an admin picks a building on the map, saves it, and sees it as a live map layer', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    await browserContext.loginAs(user)
    const page = await visit('/backend/settings/buildings', { timeout: 120_000 })
    await page.waitForSelector('html[data-hydrated]')
    const map = await page.waitForSelector('.leaflet-container')
    const box = (await map.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForFunction(
      () => (document.querySelector('input[name="latitude"]') as HTMLInputElement).value !== ''
    )
    await page.fill('input[name="name"]', 'Tuzla depot')
    await page.click('[data-testid="building-form"] button[type="submit"]')
    await page.assertTextContains('[data-sonner-toaster]', 'Record created successfully!')
    await page.assertTextContains('#buildings-list + ul', 'Tuzla depot')
    const building = await Building.query().where('company_id', company.id).firstOrFail()
    assert.isAbove(Math.abs(building.latitude) + Math.abs(building.longitude), 0)

    const live = await visit('/backend/live', { timeout: 120_000 })
    await live.waitForSelector('html[data-hydrated]')
    // The layer control lists the buildings (read without hovering it open: the map may
    // still be settling, and the list is in the page either way).
    await live.waitForSelector('.leaflet-control-layers')
    assert.include(await live.textContent('.leaflet-control-layers-overlays'), 'Buildings')
    assert.equal(await live.locator('path.leaflet-interactive[stroke="#312e81"]').count(), 1)
  }).timeout(180_000)

  test('working hours are saved from the keyboard in Turkish', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    await browserContext.loginAs(user)
    const page = await visit('/tr/panel/ayarlar/calisma-saatleri', { timeout: 120_000 })
    await page.waitForSelector('html[data-hydrated]')
    await page.focus('#sat_off')
    await page.keyboard.press('Space')
    await page.fill('input[name="sat_from"]', '09:00')
    await page.fill('input[name="sat_to"]', '13:00')
    await page.keyboard.press('Enter')
    await page.assertTextContains('[data-sonner-toaster]', 'Form başarıyla gönderildi.')
    const settings = await CompanySetting.findOrFail(company.id)
    assert.deepEqual(settings.workingHours!.sat, { from: '09:00', to: '13:00' })
    assert.isNull(settings.workingHours!.sun)
  }).timeout(120_000)
})
