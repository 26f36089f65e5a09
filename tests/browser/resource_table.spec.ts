import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'

const cases = [
  {
    locale: 'en',
    path: '/backend/settings/device-groups',
    created: 'Record created successfully!',
    deleted: 'Item deleted successfully',
  },
  {
    locale: 'tr',
    path: '/tr/panel/ayarlar/cihaz-gruplari',
    created: 'Kayıt başarıyla oluşturuldu!',
    deleted: 'Öğe başarıyla silindi',
  },
] as const

test.group('Resource table in the browser', () => {
  for (const journey of cases) {
    test(`create, filter and delete a device group (${journey.locale})`, async ({
      visit,
      browserContext,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      await browserContext.loginAs(user)
      const page = await visit(journey.path, { timeout: 120_000 })
      await page.waitForSelector('html[data-hydrated]')

      for (const name of ['Night shift', 'Day shift']) {
        await page.click('[data-testid="create-record"]')
        await page.fill('#field-name', name)
        await page.fill('#field-description', `${name} vehicles`)
        await page.click('[data-testid="save"]')
        await page.assertTextContains('[data-sonner-toaster]', journey.created)
        await page.waitForSelector(`.ag-row >> text=${name}`)
      }
      assert.equal(
        Number(
          (await db.from('device_groups').where('company_id', company.id).count('* as n'))[0].n
        ),
        2
      )

      await page.fill('[data-testid="table-search"]', 'night')
      await page.waitForFunction(() => document.querySelectorAll('.ag-row[row-id]').length === 1)
      assert.include(page.url(), 'q=night')
      await page.assertTextContains('.ag-root', 'Night shift')

      await page.click('[data-testid="delete-row"]')
      await page.assertTextContains('[role="dialog"]', 'Night shift')
      await page.click('[data-testid="confirm"]')
      await page.assertTextContains('[data-sonner-toaster]', journey.deleted)
      await page.waitForFunction(() => document.querySelectorAll('.ag-row[row-id]').length === 0)
      assert.isNull(
        await db
          .from('device_groups')
          .where('company_id', company.id)
          .where('name', 'Night shift')
          .first()
      )
    }).timeout(180_000)
  }
})
