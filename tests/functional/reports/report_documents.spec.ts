import { test } from '@japa/runner'
import { clientMessage } from '#services/page_messages'
import testUtils from '@adonisjs/core/services/test_utils'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { runReport } from '#reports/engine/runner'
import { buildReportDocument } from '#reports/engine/exporters/document'
import { reportHtml } from '#reports/engine/exporters/pdf'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

test.group('Report documents', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the PDF opens with the company, the parameters and the totals, in the report’s language', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
    const sunday = DateTime.fromISO('2026-03-01T00:00', { zone: ZONE })
    await addTrip(van, company, {
      start: sunday.plus({ hours: 8 }),
      distance: 12_345,
      duration: 3900,
    })
    const definition = reportsBySlug['trip-summary']
    const context = {
      companyId: company.id,
      timezone: ZONE,
      now: DateTime.fromISO('2026-03-02T09:00', { zone: ZONE }),
    }
    const run = await runReport(definition, { period: 'yesterday', deviceId: van.id }, context)
    const document = await buildReportDocument({
      slug: 'trip-summary',
      definition,
      run,
      i18n: i18nManager.locale('tr'),
      preferences: { timezone: ZONE, dateFormat: 'dd.MM.yyyy' },
      company,
    })
    assert.equal(document.title, 'Sefer özeti')
    assert.deepEqual(document.parameters, [
      { label: 'Dönem', value: '01.03.2026' },
      { label: 'Araç', value: 'Van' },
      { label: 'Sürücü', value: 'Tüm sürücüler' },
    ])
    const html = await reportHtml(document)
    const first = html.indexOf('<table class="rows">')
    const head = html.slice(0, first)
    assert.include(head, company.name)
    assert.include(head, 'Parametreler')
    assert.include(head, 'Toplamlar')
    assert.include(head, '1 sefer')
    assert.include(head, '12,35 km')
    assert.include(head, '1 sa 05 dk')
    const rows = html.slice(first)
    assert.include(rows, '<th>Araç</th>')
    assert.include(rows, '01.03.2026 08:00')
    assert.include(rows, '34 VAN 1')
  })

  test('the table date range shows the range a list applies by default', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const response = await client.get('/backend/history/tracking').withInertia().loginAs(user)
    response.assertStatus(200)
    const props = response.inertiaProps as Record<string, any>
    assert.isTrue(props.resource.hasDateRange)
    assert.equal(props.resource.defaultRangeDays, 1)
    // A plural message reaches the page parsed (app/services/page_messages.ts).
    assert.deepEqual(
      props.messages['report_pages.picker.default_days'],
      clientMessage('{days, plural, one {Last # day} other {Last # days}}')
    )
  })
})
