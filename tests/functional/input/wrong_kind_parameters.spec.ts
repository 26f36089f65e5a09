import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { createMember } from '#tests/helpers/accounts'
import { registerDevice } from '#actions/tracking/register_device'

/**
 * Every GET route of the router, with the parameters routes read (the table contract, report
 * and history inputs, formats, ids) set to values of the wrong kind, must answer without a
 * server error: a 422 (or a page that ignores what it does not read), never a 5xx.
 * The routes come from the router, so a new route is covered without a list to keep.
 */
const PARAMETERS = [
  'page',
  'perPage',
  'sort',
  'order',
  'fields',
  'from',
  'to',
  'deviceId',
  'device',
  'q',
  'period',
  'format',
  'date',
  'at',
  'driverId',
  'groupId',
  'code',
  'separator',
  'tolerance',
  'minimumChange',
  'locale',
  'to_path',
]

/** One request per kind of wrong value, every parameter at once. */
const WRONG_VALUES: Record<string, (name: string) => string> = {
  'unknown word': (name) => `${name}=nope`,
  'empty': (name) => `${name}=`,
  'negative': (name) => `${name}=-1`,
  'huge': (name) => `${name}=${'9'.repeat(400)}`,
  'year 0001': (name) => `${name}=0001-01-01`,
  'year 9999': (name) => `${name}=9999-12-31`,
  'array': (name) => `${name}[]=x&${name}[]=y`,
  'invalid UTF-8': (name) => `${name}=%C3%28%FF`,
  'filter garbage': () => 'filter[nope]=like:x&filter[id]=zz:1&filter=1',
}

/** GET routes whose answer is a stream held open (live updates): not request/response. */
const STREAMING = /__transmit|\/events\/stream|\/live\/stream/

function getRoutes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.methods.includes('GET') && !STREAMING.test(route.pattern))
    .filter((route) => !(route.name ?? '').startsWith('tr.'))
    .map((route) => route.pattern.replace(/:(\w+)\??/g, '1').replace(/\*/g, 'x'))
}

test.group('Wrong-kind parameters on every route', () => {
  test('no GET route answers a 5xx, whatever kind of value its parameters get', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await registerDevice({
      company: company.name,
      imei: '861234567890123',
      name: 'fuzz',
      protocol: 'teltonika',
    })
    const routes = [...new Set(getRoutes())]
    assert.isAbove(routes.length, 150)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    for (const [kind, value] of Object.entries(WRONG_VALUES)) {
      const query = PARAMETERS.map(value).join('&')
      for (let start = 0; start < routes.length; start += 8) {
        await Promise.all(
          routes.slice(start, start + 8).map(async (path) => {
            const response = await client
              .get(`${path}?${query}`)
              .header('accept-language', 'en')
              .redirects(0)
              .loginAs(user)
            statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1)
            if (response.status() >= 500) failures.push(`${response.status()} ${kind}: ${path}`)
          })
        )
      }
    }
    assert.deepEqual(failures, [])
    // Signed in, the back office answers: refusals of the wrong values and pages, not redirects
    // to the login page.
    assert.isAbove(statuses.get(422) ?? 0, 100, JSON.stringify([...statuses]))
    assert.isAbove(statuses.get(200) ?? 0, 100, JSON.stringify([...statuses]))
  }).timeout(480_000)
})
