import { test } from '@japa/runner'
import { localeFromPath } from '#shared/locales'
import { matchPath, pathFor, routeTable, breadcrumbOf } from '#shared/route_table'

test.group('Route table', () => {
  test('Turkish paths start with /tr and English ones do not', ({ assert }) => {
    for (const [name, entry] of Object.entries(routeTable)) {
      assert.isTrue(entry.tr === '/tr' || entry.tr.startsWith('/tr/'), name)
      assert.notEqual(localeFromPath(entry.en), 'tr', name)
    }
  })

  test('every path is unique in both languages', ({ assert }) => {
    const paths = Object.values(routeTable).flatMap((entry) => [entry.en, entry.tr])
    assert.equal(new Set(paths).size, paths.length)
  })

  test('a concrete path resolves to its route, language and parameters', ({ assert }) => {
    assert.deepEqual(matchPath('/tr/sss'), { name: 'faqs', locale: 'tr', params: {} })
    assert.deepEqual(matchPath('/blog/winter-tyres'), {
      name: 'blog.show',
      locale: 'en',
      params: { slug: 'winter-tyres' },
    })
    assert.equal(matchPath('/backend/assets/inventory-reports')?.name, 'assets.inventory-reports')
    assert.isNull(matchPath('/no-such-page'))
  })

  test('paths are built with their parameters', ({ assert }) => {
    assert.equal(pathFor('faqs', 'tr'), '/tr/sss')
    assert.equal(pathFor('assets.show', 'tr', { id: 7 }), '/tr/panel/araclar/7')
    assert.throws(() => pathFor('assets.show', 'en'))
  })

  test('breadcrumbs follow the path hierarchy', ({ assert }) => {
    assert.deepEqual(breadcrumbOf('account.invoices'), ['backend', 'account', 'account.invoices'])
  })

  test('the language of a path', ({ assert }) => {
    assert.equal(localeFromPath('/tr'), 'tr')
    assert.equal(localeFromPath('/tr/sss'), 'tr')
    assert.equal(localeFromPath('/trucks'), 'en')
  })
})
