import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { routeTable, type Layout, type RouteName } from '#shared/route_table'
import { layoutOf } from '#shared/page_layout'
import { createMember } from '#tests/helpers/accounts'
import { namespacesOfKeys, namespacesUsedBy, stringsIn } from '#tests/helpers/page_namespaces'

const layoutFiles: Record<Layout, string> = {
  'frontend': 'frontend_layout.tsx',
  'auth': 'auth_layout.tsx',
  'backend': 'backend_layout.tsx',
  'reports': 'reports_layout.tsx',
  'fleet-new': 'fleet_new_layout.tsx',
}

const backOffice = (Object.keys(routeTable) as RouteName[]).filter((name) => {
  const entry = routeTable[name]
  return (
    ['backend', 'reports', 'fleet-new'].includes(entry.layout) &&
    !entry.en.includes(':') &&
    !('redirectTo' in entry) &&
    // Platform staff only (PLATFORM_ADMIN_EMAILS): the same namespaces as the account area.
    name !== 'account.inquiries'
  )
})

function namespacesOf(messages: Record<string, unknown>): Set<string> {
  return new Set(Object.keys(messages).map((key) => key.split('.')[0]))
}

test.group('Translations a back-office page receives', () => {
  test('each page gets every namespace its components and props use, and not all of them', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    const keys = Object.keys(i18nManager.getTranslationsFor('en'))
    const problems: string[] = []
    const sentSizes: number[] = []
    const union = new Set<string>()
    for (const name of backOffice) {
      const path = routeTable[name].en
      const response = await client.get(path).withInertia().loginAs(user).redirects(0)
      assert.equal(response.status(), 200, `${path} answered ${response.status()}`)
      const component = response.body().component as string
      const props = response.inertiaProps as Record<string, unknown>
      const sent = namespacesOf(props.messages as Record<string, unknown>)
      sent.forEach((namespace) => union.add(namespace))
      sentSizes.push(sent.size)

      const layout = layoutOf(component, props as Parameters<typeof layoutOf>[1])
      const used = namespacesUsedBy(component, layoutFiles[layout], keys)
      const ownProps = Object.entries(props).filter(([prop]) => prop !== 'messages')
      for (const namespace of namespacesOfKeys(stringsIn(ownProps), keys)) used.add(namespace)

      const missing = [...used].filter((namespace) => !sent.has(namespace))
      if (missing.length > 0) problems.push(`${name} (${component}) lacks ${missing.join(', ')}`)
    }
    assert.deepEqual(problems, [])
    // The areas differ: most pages get fewer namespaces than the back office has.
    assert.isAtLeast(union.size, 10)
    const smaller = sentSizes.filter((size) => size < union.size).length
    assert.isAbove(smaller, backOffice.length / 2)
  }).timeout(300_000)

  test("a report's page gets its own report's texts and those the reports share, not every report's", async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    for (const path of [
      routeTable['reports.trip-summary'].en,
      routeTable['reports.trip-summary'].tr,
    ]) {
      const response = await client.get(path).withInertia().loginAs(user).redirects(0)
      assert.equal(response.status(), 200, path)
      const keys = Object.keys((response.inertiaProps as { messages: object }).messages)
      const reportsOf = new Set(
        keys.filter((key) => key.startsWith('reports.')).map((key) => key.split('.')[1])
      )
      assert.isTrue(reportsOf.has('trip_summary'), path)
      assert.isTrue(reportsOf.has('periods'), path)
      assert.isTrue(reportsOf.has('errors'), path)
      assert.isFalse(reportsOf.has('fleet_fines'), path)
      assert.isFalse(reportsOf.has('driver_summaries'), path)
    }
    // The index of the reports is no report's page: it keeps them all.
    const index = await client
      .get(routeTable['reports'].en)
      .withInertia()
      .loginAs(user)
      .redirects(0)
    const indexKeys = Object.keys((index.inertiaProps as { messages: object }).messages)
    assert.isTrue(indexKeys.some((key) => key.startsWith('reports.fleet_fines.')))
  })
})
