import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { reportsBySlug } from '#reports/registry'
import { generateHistory } from '#tracking/history/generate_history'
import { buildReportDocument } from '#reports/engine/exporters/document'
import { reportHtml } from '#reports/engine/exporters/pdf'
import { reportMeta } from '#transformers/reports/report_transformer'
import { reportRoute } from '#reports/engine/definition'
import { allResources, fleetRecords, fleetSummaries, referenceLists } from '#crud/resources/index'
import { listPage } from '#crud/list_query'
import { readListParams } from '#crud/list_checks'
import { pathFor, type RouteName } from '#shared/route_table'
import { fleetDataset, MARCH, NOW, ZONE } from '#tests/functional/fleet_reports/fixtures'

/**
 * The guard of "no key, no blank, anywhere": every report of the registry and every table
 * page of the resource list, rendered in both languages on a company with history, must show
 * no raw translation key, no totals card without its figure and no unformatted number.
 */
const locales = ['en', 'tr'] as const
const RAW_KEY =
  /\b(?:reports|report_pages|report_exports|crud|common|fleet_records|fleet_reports|backend)\.[a-z_]+\.[\w.]+/
/** A decimal written with four or more digits after the mark (grouping has three). */
const UNFORMATTED = /(?<![\d.,])\d+[.,]\d{4,}(?![\d.,])/

/** The text a person reads: the page without its scripts and the data it hydrates from. */
function visibleText(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/data-page="[^"]*"/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
}

/** Coordinates are written with six decimals on purpose. */
const COORDINATE = /-?\d{1,3}\.\d{6}(?!\d)/g

function checkText(assert: any, page: string, where: string) {
  const text = page.replace(COORDINATE, ' ')
  assert.notMatch(text, RAW_KEY, `${where}: raw key ${text.match(RAW_KEY)?.[0]}`)
  assert.notMatch(text, UNFORMATTED, `${where}: unformatted ${text.match(UNFORMATTED)?.[0]}`)
}

async function companyWithHistory() {
  const dataset = await fleetDataset()
  await generateHistory({
    companyId: dataset.company.id,
    vehicles: 2,
    days: 2,
    intervalSeconds: 120,
    now: NOW,
    timezone: ZONE,
  })
  // A stay in one of the company's zones (the ingest writes none without zones).
  const [zone] = await db
    .table('geofences')
    .insert({
      company_id: dataset.company.id,
      name: 'Depot Tuzla',
      shape: JSON.stringify({ type: 'circle', center: [40.8167, 29.3], radius: 300 }),
      created_at: new Date(),
    })
    .returning('id')
  await db.table('geofence_visits').insert({
    company_id: dataset.company.id,
    device_id: dataset.van.id,
    geofence_id: zone.id,
    enter_time: NOW.minus({ days: 1 }).toJSDate(),
    exit_time: NOW.minus({ days: 1, minutes: -95 }).toJSDate(),
    duration: 95 * 60,
  })
  return dataset
}

test.group('Labels guard: every report and table page, both languages, with data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('reports: labelled totals with figures, labelled columns, chart series and choices', async ({
    client,
    assert,
  }) => {
    const { user, company } = await companyWithHistory()
    for (const [slug, definition] of Object.entries(reportsBySlug)) {
      const meta = reportMeta(slug, definition)
      for (const locale of locales) {
        const where = `${slug} (${locale})`
        const path = pathFor(reportRoute(definition), locale)
        const response = await client.get(path).qs(MARCH).loginAs(user)
        assert.equal(response.status(), 200, where)
        const html = response.text()
        assert.include(html, 'data-testid="report-totals"', `${where}: no totals`)
        checkText(assert, visibleText(html), where)

        // Each totals card holds a figure (not a label alone).
        const totalsSection = html.slice(html.indexOf('data-testid="report-totals"'))
        const cards = totalsSection.slice(0, totalsSection.indexOf('</dl>')).split('<dd')
        for (const card of cards.slice(1)) {
          const text = visibleText(`<dd${card}`).trim()
          assert.match(text, /\d/, `${where}: totals card without a figure: "${text}"`)
        }

        const i18n = i18nManager.locale(locale)
        for (const input of meta.inputs.filter((item) => item.kind === 'enum')) {
          for (const choice of input.options) {
            assert.isTrue(
              i18n.hasMessage(`reports.${definition.key}.inputs.${input.name}.${choice}`) ||
                i18n.hasMessage(`reports.${definition.key}.values.${input.name}.${choice}`),
              `${where}: choice ${input.name}=${choice} has no label`
            )
          }
        }

        // The PDF and the e-mail's attachment: the same document, its HTML.
        const run = await definition.run(
          MARCH,
          { companyId: company.id, timezone: ZONE, now: NOW },
          { perPage: 50 }
        )
        if (run.chart?.title) {
          assert.isTrue(
            i18n.hasMessage(`reports.${definition.key}.chart.${run.chart.title}`),
            `${where}: chart title ${run.chart.title} has no label`
          )
        }
        for (const series of run.chart?.series ?? []) {
          assert.isTrue(
            ['chart', 'totals', 'columns'].some((kind) =>
              i18n.hasMessage(`reports.${definition.key}.${kind}.${series.name}`)
            ),
            `${where}: chart series ${series.name} has no label`
          )
        }
        const document = await buildReportDocument({
          slug,
          definition,
          run,
          i18n,
          preferences: {
            timezone: ZONE,
            dateFormat: 'DD.MM.YYYY',
            timeFormat: '24',
          } as never,
          company: { id: company.id, name: company.name },
          now: NOW.toJSDate(),
        })
        for (const total of document.totals) {
          assert.match(total.text, /\d/, `${where}: PDF total ${total.name} without a figure`)
        }
        checkText(assert, visibleText(await reportHtml(document)), `${where} PDF`)
      }
    }
  }).timeout(300_000)

  test('table pages: no raw key, money and numbers formatted, in both languages', async ({
    client,
    assert,
  }) => {
    const { user, company } = await companyWithHistory()
    const pages = { ...referenceLists, ...fleetRecords, ...fleetSummaries }
    for (const [route, resource] of Object.entries(pages)) {
      for (const locale of locales) {
        const response = await client
          .get(pathFor(route as RouteName, locale))
          .qs({ from: '2026-01-01', to: '2026-12-31' })
          .loginAs(user)
        assert.equal(response.status(), 200, `${route} (${locale})`)
        checkText(assert, visibleText(response.text()), `${route} (${locale}) ${resource.key}`)
      }
    }
    // Every resource's rows: money in units with at most two decimals, as numbers.
    for (const resource of allResources) {
      const params = await readListParams(resource, {}, ZONE)
      const page = await listPage(resource, params, { companyId: company.id, userId: user.id })
      for (const row of page.data as Record<string, unknown>[]) {
        for (const [name, column] of Object.entries(resource.columns)) {
          if (!column.money || row[name] === null || row[name] === undefined) continue
          assert.isNumber(row[name], `${resource.key}.${name}`)
          assert.notMatch(String(row[name]), /\.\d{3,}/, `${resource.key}.${name}`)
        }
      }
    }
  }).timeout(300_000)
})
