import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { pathFor } from '#shared/route_table'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'

test.group('Fuel log card', () => {
  test('a manager adds a fill-up on the vehicle page; it shows on the card and in the fuel log table', async ({
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const { id } = await registerDevice({
      company: company.name,
      imei: `35630708${String(Date.now()).slice(-7)}`,
      name: '34 FUEL 01',
      protocol: 'teltonika',
    })
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    await page.goto(baseUrl() + pathFor('assets.show', 'en', { id }), {
      waitUntil: 'domcontentloaded',
    })
    await page.waitForSelector('html[data-hydrated]')
    await page.waitForSelector('[data-testid="card-fuel-log"] >> text=No fuel log found.')

    await page.click('[data-testid="fuel-log-add"]')
    await page.waitForSelector('[role="dialog"] #field-litres')
    // Saving without litres answers the field's message and stores nothing.
    await page.click('[data-testid="save"]')
    await page.waitForSelector('[data-field-error="litres"]')
    assert.lengthOf(await db.from('fuel_entries').where('company_id', company.id), 0)

    await page.fill('#field-litres', '41.5')
    await page.fill('#field-total', '1867.50')
    await page.fill('#field-supplier', 'Opet Maslak')
    await page.click('[data-testid="save"]')
    await page.waitForSelector('[data-testid="fuel-log-entries"] >> text=Opet Maslak')
    const stored = await db.from('fuel_entries').where('company_id', company.id).firstOrFail()
    assert.equal(stored.device_id, id)
    assert.equal(Number(stored.total_cents), 186750)

    await page.click('[data-testid="card-fuel-log"] a')
    await page.waitForSelector('.ag-row >> text=Opet Maslak')
  }).timeout(600_000)
})
