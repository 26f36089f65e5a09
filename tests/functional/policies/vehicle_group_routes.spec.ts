import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import { resourceOfPage } from '#start/routes/resource_routes'
import { routeTable, type RouteName } from '#shared/route_table'
import User from '#models/user'
import { createApiToken } from '#services/integrations/api_tokens'
import { apiResources } from '#services/integrations/api_scopes'

/**
 * Visibility by vehicle group on EVERY route (issue 27), generated from the routes the router
 * registered out of the route table: a manager limited to the North group asks, on each
 * back-office route, for the South vehicle, its driver or a record about it.
 *
 * - a route whose `:id` names a vehicle, a driver or a record about a vehicle answers 404 and
 *   changes nothing (reads, writes, decisions, files, work-order changes);
 * - every other GET route (pages, data, exports, reports, history, forms) is asked with the
 *   South vehicle as its vehicle filter (`deviceId`, `device`, `groupId`...) and answers 404,
 *   a refusal, or a body that never names the South vehicle or its driver.
 *
 * A route with an `:id` that this file does not classify fails the test, so a new route is
 * decided here before it ships. One company fixture serves every route.
 */

interface RegisteredRoute {
  name: string
  pattern: string
  methods: string[]
}

const SOUTH = 'Qzsouthvan'
const SOUTH_PLATE = '34 QZ 999'
const SOUTH_DRIVER = 'Qzsouthdriver'

function registeredRoutes(): RegisteredRoute[] {
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({ name: route.name ?? '', pattern: route.pattern, methods: route.methods }))
    .filter(
      (route) => /^\/(backend|api|forms)(\/|$)/.test(route.pattern) && !route.name.startsWith('tr.')
    )
}

/** The page of the route table a route belongs to (its name, or the longest prefix). */
function pageOf(name: string): RouteName | null {
  const pages = (Object.keys(routeTable) as RouteName[]).filter(
    (page) => name === page || name.startsWith(`${page}.`)
  )
  return pages.sort((a, b) => b.length - a.length)[0] ?? null
}

/** The parameters of a pattern. */
const paramsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1])

/* ---------------------------------------------------------------------------------------- */
/* One company: North and South groups, a van and a driver in each, a record of each kind.   */
/* ---------------------------------------------------------------------------------------- */

interface ColumnInfo {
  column_name: string
  data_type: string
  is_nullable: 'YES' | 'NO'
  column_default: string | null
}

/** The table a column references (foreign key), if any. */
async function foreignKeys(table: string): Promise<Record<string, string>> {
  const result = await db.rawQuery(
    `SELECT kcu.column_name, ccu.table_name AS foreign_table
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = ?`,
    [table]
  )
  return Object.fromEntries(
    result.rows.map((row: { column_name: string; foreign_table: string }) => [
      row.column_name,
      row.foreign_table,
    ])
  )
}

/**
 * A row of `table` with `values`, its other required columns filled by their type and its
 * required references pointing to rows of the same company (created when missing).
 */
async function insertRow(
  f: Fixture,
  table: string,
  values: Record<string, unknown>
): Promise<number> {
  const columns: ColumnInfo[] = (
    await db.rawQuery(
      `SELECT column_name, data_type, is_nullable, column_default
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ?`,
      [table]
    )
  ).rows
  const names = new Set(columns.map((column) => column.column_name))
  const references = await foreignKeys(table)
  const row: Record<string, unknown> = {}
  if (names.has('company_id')) row.company_id = f.companyId
  if (names.has('device_id')) row.device_id = f.southVan
  if (names.has('driver_id')) row.driver_id = f.southDriver
  if (names.has('created_at')) row.created_at = new Date()
  for (const column of columns) {
    const name = column.column_name
    if (name in row || name in values) continue
    if (column.is_nullable === 'YES' || column.column_default !== null) continue
    const target = references[name]
    if (target === 'users') row[name] = f.ownerId
    else if (target) row[name] = await insertRow(f, target, { name: `${table} ${name}` })
    else if (/int|numeric|double|real/.test(column.data_type)) row[name] = 1
    else if (column.data_type === 'date') row[name] = '2026-11-20'
    else if (column.data_type.startsWith('timestamp')) row[name] = new Date()
    else if (column.data_type === 'boolean') row[name] = false
    else if (column.data_type.startsWith('json')) row[name] = '{}'
    else row[name] = name === 'name' || name === 'title' ? SOUTH : 'x'
  }
  const [inserted] = await db
    .table(table)
    .insert({ ...row, ...values })
    .returning('id')
  return Number(inserted.id)
}

interface Fixture {
  companyId: number
  ownerId: number
  northVan: number
  southVan: number
  southDriver: number
  south: number
  member: User
  /** A record about the South vehicle, by table. */
  records: Map<string, number>
}

async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return Number(row.id)
}

async function fixture(): Promise<Fixture> {
  const owner = await createMember({ role: 'owner' })
  const companyId = owner.company.id
  const north = await deviceGroup(companyId, 'North')
  const south = await deviceGroup(companyId, 'South')
  const northVan = await createVehicle(owner.company, { name: 'North van', group_id: north })
  const southVan = await createVehicle(owner.company, {
    name: SOUTH,
    plate: SOUTH_PLATE,
    group_id: south,
  })
  const [driver] = await db
    .table('drivers')
    .insert({ company_id: companyId, name: SOUTH_DRIVER, created_at: new Date() })
    .returning('id')
  await db.from('devices').where('id', southVan.id).update({ driver_id: driver.id })

  const member = await User.create({
    email: `group-routes-${Date.now()}@example.com`,
    password: 'secret-password',
    emailVerifiedAt: DateTime.now(),
  })
  const membership = await addMember(owner.company, member, 'manager')
  await db
    .from('team_members')
    .where('id', membership.id)
    .update({ device_group_ids: JSON.stringify([north]) })

  const result: Fixture = {
    companyId,
    ownerId: owner.user.id,
    northVan: northVan.id,
    southVan: southVan.id,
    southDriver: Number(driver.id),
    south,
    member,
    records: new Map([
      ['devices', southVan.id],
      ['drivers', Number(driver.id)],
    ]),
  }
  return result
}

/** The record a route's `:id` names for the South side, or null when the route is not about one. */
async function recordFor(f: Fixture, table: string): Promise<number> {
  const known = f.records.get(table)
  if (known) return known
  const extra: Record<string, unknown> = {}
  if (table === 'leave_requests') Object.assign(extra, { requester_id: f.ownerId })
  if (table === 'fleet_requests') Object.assign(extra, { requester_id: f.ownerId })
  const id = await insertRow(f, table, extra)
  f.records.set(table, id)
  return id
}

/* ---------------------------------------------------------------------------------------- */
/* What each `:id` of a route names.                                                        */
/* ---------------------------------------------------------------------------------------- */

/** Routes (by name prefix) whose `:id` names a South-side record: the table it is read from. */
const customRecordRoutes: Record<string, string> = {
  'assets.show': 'devices',
  'fleet.work-orders.show': 'work_orders',
  'fleet.work-orders.post.id': 'work_orders',
  'fleet.work-orders.delete.id': 'work_orders',
  'fleet.leave-request.post.id.decision': 'leave_requests',
  'fleet.request.post.id.decision': 'fleet_requests',
  'fleet.drivers.post.id.assignment': 'drivers',
  'fleet.drivers.delete.id.assignment': 'drivers',
  'fleet-new.drivers.post.id.assignment': 'drivers',
  'fleet-new.drivers.delete.id.assignment': 'drivers',
  'settings.drivers.post.id.assignment': 'drivers',
  'settings.drivers.delete.id.assignment': 'drivers',
}

/**
 * Routes with an `:id` that names no vehicle, driver or vehicle record: the company's own
 * settings, the member's own notifications and account, the team, billing, schedules.
 */
const notAboutVehicles = [
  'settings.buildings.',
  'settings.integrations-settings.',
  'settings.commands.',
  'settings.geofences.',
  'settings.notification-settings.',
  'settings.push-notification-settings.',
  'account.',
  'companies.switch',
  'inbox.read',
  'reports.put.schedules.',
  'reports.delete.schedules.',
  'reports.post.schedules.',
  'reports.get.schedules.',
]

/** The table whose row a route's `:id` names, when it is about a vehicle; null otherwise. */
function tableOfRoute(route: RegisteredRoute): string | null | undefined {
  const custom = Object.keys(customRecordRoutes)
    .filter((prefix) => route.name === prefix || route.name.startsWith(`${prefix}.`))
    .sort((a, b) => b.length - a.length)[0]
  if (custom) return customRecordRoutes[custom]
  // The API's records: the same resources as the pages, asked with the member's token.
  const api = apiResources.find((each) => route.name.startsWith(`api.v1.${each.name}.`))
  if (api) {
    const { resource } = api
    return resource.deviceColumn || resource.table === 'drivers' ? resource.table : null
  }
  const page = pageOf(route.name)
  const resource = page ? resourceOfPage.get(page) : undefined
  if (resource && route.name !== page) {
    return resource.deviceColumn || resource.table === 'leave_requests' ? resource.table : null
  }
  if (notAboutVehicles.some((prefix) => route.name.startsWith(prefix))) return null
  return undefined
}

/** A concrete URL: `:id` is the South record, other parameters its parts or a file field. */
async function urlOf(f: Fixture, route: RegisteredRoute, table: string) {
  const id = await recordFor(f, table)
  let url = route.pattern.replace(':id', String(id))
  if (url.includes(':partId')) {
    const item = await insertRow(f, 'inventory_items', { name: `${SOUTH} part`, quantity: 5 })
    const part = await insertRow(f, 'work_order_parts', {
      work_order_id: id,
      inventory_item_id: item,
      quantity: 1,
      unit_price_cents: 100,
    })
    url = url.replace(':partId', String(part))
  }
  if (url.includes(':issueId')) {
    const issue = await insertRow(f, 'fleet_issues', { work_order_id: id, title: SOUTH })
    url = url.replace(':issueId', String(issue))
  }
  if (url.includes(':field')) {
    const page = pageOf(route.name)
    url = url.replace(':field', page ? (resourceOfPage.get(page)?.fileFields[0] ?? 'x') : 'x')
  }
  return url
}

/** A write's body: the South vehicle and driver wherever a form names them. */
const writeBody = (f: Fixture) => ({
  device_id: f.southVan,
  driver_id: f.southDriver,
  action: 'start',
  decision: 'approved',
  status: 'approved',
  quantity: 1,
  unit_price: 1,
  inventory_item_id: 1,
  issue_id: 1,
  kind: 'engine_block',
  odometer_km: 1000,
})

/** Query parameters naming the South vehicle, its group and driver on any filter. */
const southFilters = (f: Fixture) =>
  new URLSearchParams({
    deviceId: String(f.southVan),
    device: String(f.southVan),
    driverId: String(f.southDriver),
    period: 'last_30_days',
    from: '2026-01-01',
    to: '2026-12-31',
  }).toString()

test.group('Vehicle groups on every route (generated from the route table)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every route taking an id of a vehicle, driver or vehicle record answers 404 outside the member’s groups', async ({
    client,
    assert,
  }) => {
    const f = await fixture()
    const { token } = await createApiToken(
      f.companyId,
      'ERP',
      f.member.id,
      apiResources.map((api) => `${api.name}:write`)
    )
    const unclassified: string[] = []
    const leaks: string[] = []
    let asked = 0
    for (const route of registeredRoutes()) {
      if (!paramsOf(route.pattern).includes('id')) continue
      const table = tableOfRoute(route)
      if (table === undefined) {
        unclassified.push(`${route.methods.join(',')} ${route.pattern} (${route.name})`)
        continue
      }
      if (table === null) continue
      const url = await urlOf(f, route, table)
      for (const method of route.methods.filter((each) => each !== 'HEAD')) {
        const viaApi = route.pattern.startsWith('/api')
        let request = client.request(url, method).header('accept', 'application/json').redirects(0)
        request = viaApi
          ? request.header('authorization', `Bearer ${token}`)
          : request.loginAs(f.member)
        if (method !== 'GET') {
          request = viaApi ? request.json(writeBody(f)) : request.withCsrfToken().json(writeBody(f))
        }
        const response = await request
        asked++
        if (response.status() !== 404) {
          leaks.push(`${method} ${url} (${route.name}) -> ${response.status()}`)
        }
      }
      // Nothing was deleted or changed on the way
      assert.isNotNull(await db.from(table).where('id', f.records.get(table)!).first(), url)
    }
    assert.deepEqual(unclassified, [], 'routes with an :id this test does not classify')
    assert.deepEqual(leaks, [])
    assert.isAbove(asked, 60)
  }).timeout(300_000)

  test('every GET route asked for the South vehicle answers 404 or never names it', async ({
    client,
    assert,
  }) => {
    const f = await fixture()
    // Records of the South side, for the lists and reports to leave out
    for (const resource of new Set(resourceOfPage.values())) {
      if (resource.deviceColumn && resource.write) await recordFor(f, resource.table)
    }
    await recordFor(f, 'leave_requests')
    const leaks: string[] = []
    let asked = 0
    for (const route of registeredRoutes()) {
      if (!route.methods.includes('GET') || paramsOf(route.pattern).length > 0) continue
      if (route.pattern.startsWith('/api')) continue
      const url = `${route.pattern}?${southFilters(f)}`
      const response = await client.get(url).withInertia().loginAs(f.member).redirects(0)
      asked++
      const status = response.status()
      if (status === 404 || status === 403 || status === 302 || status === 422) continue
      const text = response.text()
      if (text.includes(SOUTH) || text.includes(SOUTH_PLATE) || text.includes(SOUTH_DRIVER)) {
        leaks.push(`${url} (${route.name}) -> ${status}`)
      }
    }
    // The API, with a token the member made (it reads as them)
    const { token } = await createApiToken(f.companyId, 'ERP', f.member.id)
    for (const route of registeredRoutes()) {
      if (!route.pattern.startsWith('/api') || !route.methods.includes('GET')) continue
      const url = `${route.pattern}?${southFilters(f)}`
      const response = await client.get(url).header('authorization', `Bearer ${token}`)
      asked++
      const text = response.text()
      if (response.status() < 400 && (text.includes(SOUTH) || text.includes(SOUTH_PLATE))) {
        leaks.push(`${url} (${route.name}) -> ${response.status()}`)
      }
    }
    assert.deepEqual(leaks, [])
    assert.isAbove(asked, 100)
  }).timeout(300_000)

  test('every create route refuses the South vehicle and driver as a form value', async ({
    client,
    assert,
  }) => {
    const f = await fixture()
    const accepted: string[] = []
    let asked = 0
    for (const route of registeredRoutes()) {
      if (!route.methods.includes('POST') || paramsOf(route.pattern).length > 0) continue
      const page = pageOf(route.name)
      const resource = page && route.name === `${page}.post` ? resourceOfPage.get(page) : null
      const named = resource?.form.filter((field) =>
        ['device_id', 'driver_id'].includes(field.name)
      )
      if (!resource || !named?.length) continue
      const response = await client
        .post(route.pattern)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(writeBody(f))
        .loginAs(f.member)
        .redirects(0)
      asked++
      const refused = new Set(
        response.status() === 422
          ? (response.body().errors as { field: string }[]).map((error) => error.field)
          : []
      )
      for (const field of named) {
        if (!refused.has(field.name) && response.status() !== 403 && response.status() !== 404) {
          accepted.push(`${route.pattern} ${field.name} -> ${response.status()}`)
        }
      }
    }
    assert.deepEqual(accepted, [])
    assert.isAbove(asked, 10)
  }).timeout(120_000)

  test('the same member sees the North vehicle: the check above can fail', async ({
    client,
    assert,
  }) => {
    const f = await fixture()
    const own = await client
      .get(`/backend/fleet/devices/data?fields=name`)
      .header('accept', 'application/json')
      .loginAs(f.member)
    assert.deepEqual(
      own.body().data.map((row: { name: string }) => row.name),
      ['North van']
    )
    const owner = await User.findOrFail(f.ownerId)
    const all = await client.get('/backend/fleet/devices/data?fields=name').loginAs(owner)
    assert.include(all.text(), SOUTH)
    const page = await client.get(`/backend/assets/${f.southVan}`).loginAs(owner)
    page.assertStatus(200)
  })
})
