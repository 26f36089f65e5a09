import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

// A real 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

test.group('Fleet records in the browser', (group) => {
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('an accident with its photo is recorded, listed with the file and edited', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company, { name: '34 BRW 01' })
    await browserContext.loginAs(user)
    const page = await visit('/backend/fleet/accident', { timeout: 120_000 })
    await page.waitForSelector('html[data-hydrated]')

    await page.click('[data-testid="create-record"]')
    await page.selectOption('#field-device_id', String(vehicle.id))
    await page.fill('#field-file_number', 'K-77')
    await page.setInputFiles('#field-photo', {
      name: 'crash.png',
      mimeType: 'image/png',
      buffer: png,
    })
    await page.click('[data-testid="save"]')
    await page.assertTextContains('[data-sonner-toaster]', 'Record created successfully!')
    const link = await page.waitForSelector('.ag-row a:has-text("crash.png")')
    const href = await link.getAttribute('href')
    const row = await db.from('accidents').where('company_id', company.id).firstOrFail()
    assert.equal(href, `/backend/fleet/accident/${row.id}/files/photo`)
    const served = await page.request.get(href!)
    assert.equal(served.status(), 200)
    assert.equal(served.headers()['content-type'], 'image/png')

    // The edit form names the stored file and keeps it when no other is chosen.
    await page.click('[data-testid="edit-row"]')
    await page.assertTextContains('[role="dialog"]', 'Current file: crash.png')
    await page.fill('#field-file_number', 'K-78')
    await page.click('[data-testid="save"]')
    await page.assertTextContains('[data-sonner-toaster]', 'Record updated successfully!')
    await page.waitForSelector('.ag-row >> text=K-78')
    const after = await db.from('accidents').where('id', row.id).firstOrFail()
    assert.equal(after.photo_path, row.photo_path)
    assert.equal(after.file_number, 'K-78')

    // The delete confirmation names the record (its vehicle and its own date), then deletes it.
    await page.click('[data-testid="delete-row"]')
    const dialog = page.locator('[role="alertdialog"], [role="dialog"]')
    await dialog.waitFor()
    assert.match(
      (await dialog.textContent()) ?? '',
      /Delete the record of “34 BRW 01” dated \d{2}\.\d{2}\.\d{4} from the Accidents table\?/
    )
  }).timeout(180_000)
})
