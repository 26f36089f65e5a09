import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type { ResourceDescriptor } from '#crud/resource'
import { filterOperators } from '#crud/list_params'
import { devicesResource } from '#crud/resources/devices'
import { driversResource } from '#crud/resources/drivers'
import { deviceGroupsResource } from '#crud/resources/device_groups'
import { positionsResource } from '#crud/resources/positions'
import { inventoryAssignmentsResource, inventoryItemsResource } from '#crud/resources/inventory'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, seedTrip } from '../live/live_fixtures.js'

/**
 * Property: whatever a client puts in the table query contract (every parameter
 * of every resource, every column filter with every operator, with hostile
 * values), /data, /export and the page answer below 500, and a refusal carries
 * a message. Random combinations come from a seeded generator, so a failure
 * names the request that reproduces it.
 */
const tables: [string, ResourceDescriptor][] = [
  ['/backend/settings/devices', devicesResource],
  ['/backend/settings/drivers', driversResource],
  ['/backend/settings/device-groups', deviceGroupsResource],
  ['/backend/history/tracking', positionsResource],
  ['/backend/inventory', inventoryItemsResource],
  ['/backend/inventory/assignments', inventoryAssignmentsResource],
]

const HOSTILE = [
  '',
  ' ',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '0',
  '-1',
  '1.5',
  '1e20',
  '1e400',
  '-9223372036854775809',
  '99999999999',
  '2147483648',
  'NaN',
  'Infinity',
  '0x1F',
  '(',
  'a{2',
  '[[:foo:]]',
  '\\',
  'abc\\',
  '%',
  '_',
  '*',
  'a\u0000b',
  '\uFFFD',
  '🚗',
  "'; drop table devices; --",
  '2020-W01',
  '2020-123',
  '+275760-09-13',
  '0000-01-01',
  '2020-02-30',
  '2020-01-01T25:00',
  'x'.repeat(300),
  'asc',
  'desc',
  'eq',
  'eq:',
  ':',
  'name,constructor',
  'true',
]
const PARAMETERS = ['page', 'perPage', 'sort', 'order', 'fields', 'from', 'to', 'deviceId', 'q']

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(initial: number) {
  let state = initial
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]
  return { next, pick }
}

const pair = (key: string, value: string) => `${key}=${encodeURIComponent(value)}`

/** One parameter in one of the shapes a query string can give it: plain, repeated, nested. */
function shaped(key: string, value: string, shape: number) {
  if (shape === 1) return `${pair(key, value)}&${pair(key, 'name')}`
  if (shape === 2) return pair(`${key}[x]`, value)
  return pair(key, value)
}

function randomQuery(random: ReturnType<typeof generator>, resource: ResourceDescriptor) {
  const parts: string[] = []
  const columns = [...Object.keys(resource.columns), 'constructor', '__proto__', 'nope']
  const count = 1 + Math.floor(random.next() * 4)
  for (let index = 0; index < count; index++) {
    const shape = random.next() < 0.85 ? 0 : random.next() < 0.5 ? 1 : 2
    if (random.next() < 0.5) {
      const column = random.pick(columns)
      const operator = random.pick([...filterOperators, 'nope', ''])
      parts.push(shaped(`filter[${column}]`, `${operator}:${random.pick(HOSTILE)}`, shape))
    } else {
      parts.push(shaped(random.pick(PARAMETERS), random.pick(HOSTILE), shape))
    }
  }
  return parts.join('&')
}

async function assertAnswered(
  client: ApiClient,
  user: User,
  url: string,
  assert: { isBelow: Function; isString: Function },
  inertia = false
) {
  let request = client.get(url).loginAs(user)
  if (inertia) request = request.withInertia()
  const response = await request
  assert.isBelow(response.status(), 500, `5xx for GET ${url}`)
  if (response.status() === 422 && !inertia) {
    assert.isString(response.body().errors?.[0]?.message, `no message for GET ${url}`)
  }
  return response
}

/** Runs the checks a few at a time: the server answers them concurrently, as it would browsers. */
async function inParallel(tasks: (() => Promise<unknown>)[], width = 8) {
  let next = 0
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]()
  }
  await Promise.all(Array.from({ length: width }, worker))
}

async function seed() {
  const member = await createMember()
  const vehicle = await createVehicle(member.company, { year: 2020, tank_capacity: 50.5 })
  await seedTrip(vehicle, member.company, {
    start: DateTime.utc().minus({ hours: 2 }),
    count: 5,
  })
  return member
}

test.group('Table query contract: no 5xx for any input (property)', () => {
  test('every parameter with every hostile value on /data', async ({ client, assert }) => {
    const { user } = await seed()
    const urls: string[] = []
    for (const [path, resource] of tables) {
      for (const parameter of PARAMETERS) {
        for (const value of HOSTILE) urls.push(`${path}/data?${pair(parameter, value)}`)
      }
      // Every column with every operator, the hostile values taking turns.
      let turn = 0
      for (const column of Object.keys(resource.columns)) {
        for (const operator of filterOperators) {
          const value = HOSTILE[turn++ % HOSTILE.length]
          urls.push(`${path}/data?${pair(`filter[${column}]`, `${operator}:${value}`)}`)
        }
      }
    }
    await inParallel(urls.map((url) => () => assertAnswered(client, user, url, assert)))
  }).timeout(300_000)

  test('random combinations on /data, /export and the pages', async ({ client, assert }) => {
    const { user } = await seed()
    const random = generator(14_16)
    const tasks: (() => Promise<unknown>)[] = []
    for (let run = 0; run < 400; run++) {
      const [path, resource] = random.pick(tables)
      const query = randomQuery(random, resource)
      const target = random.pick(['data', 'export', 'export?format=xlsx&', 'page'] as const)
      if (target === 'page') {
        tasks.push(() => assertAnswered(client, user, `${path}?${query}`, assert, true))
      } else {
        const url = `${path}/${target}${target.endsWith('&') ? '' : '?'}${query}`
        tasks.push(() => assertAnswered(client, user, url, assert))
      }
    }
    await inParallel(tasks)
  }).timeout(300_000)

  test('the first page load (server-rendered) with hostile parameters', async ({
    client,
    assert,
  }) => {
    const { user } = await seed()
    for (const [path] of tables) {
      for (const query of ['fields=constructor', 'filter[name]=similar:(', 'from=2020-W01']) {
        await assertAnswered(client, user, `${path}?${query}`, assert)
      }
    }
  }).timeout(300_000)

  test('the history page and its exports with hostile parameters', async ({ client, assert }) => {
    const { user } = await seed()
    const urls: string[] = []
    for (const path of [
      '/backend/history',
      '/backend/history/export.gpx',
      '/backend/history/export.csv',
    ]) {
      for (const parameter of ['deviceId', 'from', 'to']) {
        for (const value of HOSTILE) urls.push(`${path}?${pair(parameter, value)}`)
      }
    }
    await inParallel(urls.map((url) => () => assertAnswered(client, user, url, assert, true)))
  }).timeout(300_000)
})
