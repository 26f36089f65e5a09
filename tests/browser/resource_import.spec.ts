import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

test.group('Import in the browser', () => {
  test('a fines file with errors is listed row by row, corrected and imported', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    await createVehicle(company, { name: 'Van 1', plate: '34 ABC 12' })
    await browserContext.loginAs(user)
    const page = await visit('/tr/panel/filo/trafik-cezalari', { timeout: 120_000 })
    await page.waitForSelector('html[data-hydrated]')

    // Reached from the toolbar with the keyboard.
    await page.focus('[data-testid="import-records"]')
    await page.keyboard.press('Enter')
    const dialog = page.locator('[role="dialog"]')
    await dialog.waitFor()
    await page.assertTextContains('[role="dialog"]', 'Trafik cezaları içe aktar')

    const withErrors = [
      'Ceza tarihi;Plaka;Tutar;Durum',
      '04.11.2026;34 ABC 12;850,50;Ödenmedi',
      '31.02.2026;06 XYZ 99;12;Ödendi',
    ].join('\r\n')
    await page.setInputFiles('[data-testid="import-file"]', {
      name: 'cezalar.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(withErrors),
    })
    await page.click('[data-testid="import-check"]')
    // "Plaka" is no label of the table: the vehicle needs a column.
    await page.assertTextContains('[role="status"]', 'Şu alanlar için bir sütun seçin: Araç')
    await page.selectOption('select[name="mapping-device_id"]', { label: 'Plaka' })
    await page.click('[data-testid="import-check"]')
    await page.waitForSelector('[data-testid="import-errors"]')
    await page.assertTextContains('[role="status"]', '2 satır okundu: 1 hazır, 1 satırda hata var.')
    const errors = await page.locator('[data-testid="import-errors"] tbody tr').allTextContents()
    assert.lengthOf(errors, 2)
    assert.include(errors[0], '3')
    assert.include(errors.join(' '), 'Ceza tarihi')
    assert.include(errors.join(' '), 'Bu şirkette “06 XYZ 99” adlı bir Araç kaydı yok.')
    assert.equal(await page.locator('[data-testid="import-commit"]').count(), 0)

    const results = await new AxeBuilder({ page }).withTags(WCAG21_AA).analyze()
    assert.deepEqual(
      results.violations.map((violation) => `${violation.id}: ${violation.help}`),
      []
    )

    // The corrected file is read with the remembered columns, then imported whole.
    await page.setInputFiles('[data-testid="import-file"]', {
      name: 'cezalar.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(withErrors.replace('31.02.2026;06 XYZ 99', '28.02.2026;34abc12')),
    })
    await page.click('[data-testid="import-check"]')
    await page.assertTextContains('[role="status"]', '2 satırın tümü geçerli.')
    await page.click('[data-testid="import-commit"]')
    await page.assertTextContains('[role="status"]', '2 satır içe aktarıldı.')
    const rows = await db.from('traffic_fines').where('company_id', company.id)
    assert.lengthOf(rows, 2)
    await page.keyboard.press('Escape')
    // The table behind reloads with the imported rows (a row may span pinned sections).
    await page.waitForSelector('.ag-row[row-index="1"]:has-text("Van 1")')
    const indexes = await page.$$eval(
      '.ag-row',
      (elements) => new Set(elements.map((element) => element.getAttribute('row-index'))).size
    )
    assert.equal(indexes, 2)
  }).timeout(180_000)
})
