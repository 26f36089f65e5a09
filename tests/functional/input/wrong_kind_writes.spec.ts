import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import { readdir } from 'node:fs/promises'
import { createMember } from '#tests/helpers/accounts'
import { registerDevice } from '#actions/tracking/register_device'
import { allResources } from '#crud/resources/index'

/**
 * Every write route of the router (POST, PUT, PATCH, DELETE of the back office and the
 * account), with every field a form of the application reads set to values of the wrong kind,
 * must refuse: a 4xx (422, 404, 403, 400) or a redirect back with the errors flashed, never a
 * 5xx, and nothing stored. The routes come from the router and the field names from the Vine
 * validators (app/validators) and the resource descriptors (app/crud/resources), so a new
 * route or field is covered without a list to keep.
 */

/** Field names of a JSON schema (Vine's toJSONSchema), nested objects and arrays included. */
function schemaFields(schema: unknown, into: Set<string>) {
  if (!schema || typeof schema !== 'object') return
  const node = schema as Record<string, unknown>
  if (node.properties && typeof node.properties === 'object') {
    for (const [name, child] of Object.entries(node.properties)) {
      into.add(name)
      schemaFields(child, into)
    }
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) {
    const child = node[key]
    if (Array.isArray(child)) child.forEach((item) => schemaFields(item, into))
    else schemaFields(child, into)
  }
}

/** Every field name the Vine validators of app/validators and the resources read. */
async function fieldNames() {
  const names = new Set<string>()
  const root = new URL('../../../app/validators/', import.meta.url)
  for (const folder of await readdir(root)) {
    for (const file of await readdir(new URL(`${folder}/`, root))) {
      if (!file.endsWith('.ts')) continue
      const module = await import(`#validators/${folder}/${file.replace(/\.ts$/, '')}`)
      for (const value of Object.values(module)) {
        const validator = value as { toJSONSchema?: () => unknown }
        if (typeof validator?.toJSONSchema !== 'function') continue
        try {
          schemaFields(validator.toJSONSchema(), names)
        } catch {
          // A rule without a JSON schema: the resources and the other validators still count.
        }
      }
    }
  }
  for (const resource of allResources) {
    for (const name of Object.keys(resource.fields)) names.add(name)
  }
  return [...names]
}

/** Values of the wrong kind; ids that are no record. */
const VALUES: Record<string, { value: unknown; id: string }> = {
  'unknown word': { value: 'nope', id: 'nope' },
  'empty': { value: '', id: '0' },
  'negative': { value: -1, id: '-1' },
  'huge': { value: '9'.repeat(400), id: '9'.repeat(40) },
  'huge number': { value: 1e308, id: '2147483648' },
  'year 0001': { value: '0001-01-01', id: '999999999' },
  'year 9999': { value: '9999-12-31T23:59:59', id: '999999999' },
  'object': { value: { $gt: '', length: -1 }, id: '999999999' },
  'array': { value: ['x', 'y'], id: '999999999' },
  'null': { value: null, id: '999999999' },
  'NUL byte': { value: 'a\u0000b', id: '999999999' },
}

/**
 * The requests sent to each route: four kinds alone (every field gets it; not the unknown word
 * alone, which is a valid name for a form of names only), then two mixes in
 * which the fields take every other kind in turn (Vine reports every field, so each value is
 * checked), to stay within a couple of minutes.
 */
function bodies(names: string[]) {
  const kinds = Object.keys(VALUES)
  const alone = ['huge', 'object', 'array', 'NUL byte'].map((kind) => ({
    kind,
    id: VALUES[kind].id,
    body: Object.fromEntries(names.map((name) => [name, VALUES[kind].value])),
  }))
  const mixes = [0, 1].map((round) => ({
    kind: `mix ${round + 1}`,
    id: round === 0 ? '-1' : '999999999',
    body: Object.fromEntries(
      names.map((name, index) => [name, VALUES[kinds[(index + round * 5) % kinds.length]].value])
    ),
  }))
  return [...alone, ...mixes]
}

/** Tables whose rows a refused request may still touch (sessions, throttling, audit). */
const VOLATILE =
  /^(adonis_schema|adonis_schema_versions|sessions|rate_limits|limiter|.*_audit|audit_logs?|remember_me_tokens|request_log)/

/** A fingerprint of every table: what a refused request must leave as it was. */
async function fingerprint() {
  const tables = await db
    .from('pg_tables')
    .where('schemaname', 'public')
    .select('tablename')
    .orderBy('tablename')
  const prints = new Map<string, string>()
  for (const { tablename: table } of tables as { tablename: string }[]) {
    if (VOLATILE.test(table)) continue
    const result = await db.rawQuery(
      `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as print from "${table}" t`
    )
    prints.set(table, result.rows[0].print)
  }
  return prints
}

/**
 * Actions that read no field at all (nothing of the kind to get wrong): signing out everywhere,
 * removing the company's own e-mail or SMS settings, marking the member's notifications read.
 * They are not sent.
 */
const NO_INPUT = new Set([
  'POST /logout/everywhere',
  'DELETE /backend/settings/email-settings',
  'DELETE /backend/settings/sms-settings',
  'POST /backend/notifications/read',
])

/** Removing a push subscription by its endpoint is idempotent: an unknown one answers 2xx. */
const IDEMPOTENT = new Set(['DELETE /backend/settings/push-notification-settings/subscription'])

/** Write routes of the back office and the account (not sign-in, sign-up, the public site). */
function writeRoutes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.methods.some((method) => method !== 'GET' && method !== 'HEAD'))
    .filter((route) => !(route.name ?? '').startsWith('tr.'))
    .filter((route) => !/__transmit/.test(route.pattern))
    .flatMap((route) =>
      route.methods
        .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        .map((method) => ({ method, pattern: route.pattern, name: route.name ?? '' }))
    )
    .filter((route) => !NO_INPUT.has(`${route.method} ${route.pattern}`))
}

test.group('Wrong-kind fields on every write route', () => {
  test('no write route answers a 5xx or stores anything, whatever kind of value its fields get', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await registerDevice({
      company: company.name,
      imei: '861234567890124',
      name: 'fuzz',
      protocol: 'teltonika',
    })
    const names = await fieldNames()
    assert.isAbove(names.length, 50)
    const routes = writeRoutes()
    assert.isAbove(routes.length, 40)
    const before = await fingerprint()
    const failures: string[] = []
    const statuses = new Map<number, number>()
    for (const { kind, id, body } of bodies(names)) {
      for (let start = 0; start < routes.length; start += 8) {
        await Promise.all(
          routes.slice(start, start + 8).map(async (route) => {
            const path = route.pattern.replace(/:(\w+)\??/g, id).replace(/\*/g, 'x')
            const request =
              client[route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](path)
            const response = await request
              .withCsrfToken()
              .loginAs(user)
              .header('accept-language', 'en')
              .header('referer', '/backend')
              .json(body)
              .redirects(0)
            const status = response.status()
            statuses.set(status, (statuses.get(status) ?? 0) + 1)
            const line = `${status} ${kind}: ${route.method} ${path}`
            if (status >= 500) failures.push(line)
            // A redirect is the form's refusal (back, the errors flashed), never a success.
            else if (status >= 300 && status < 400 && response.flashMessages()?.success) {
              failures.push(`${line} (success flashed)`)
            } else if (status < 300 && !IDEMPOTENT.has(`${route.method} ${path}`))
              failures.push(line)
          })
        )
      }
    }
    const after = await fingerprint()
    const changed = [...before].filter(([table, print]) => after.get(table) !== print)
    assert.deepEqual(
      { failures, changed: changed.map(([table]) => table) },
      { failures: [], changed: [] },
      JSON.stringify([...statuses])
    )
    // Refusals of every kind: the validators' (422, or a redirect back with the errors), the
    // ids that are no record (404) and the values no text may hold (400).
    for (const status of [302, 404, 400, 422]) {
      assert.isAbove(statuses.get(status) ?? 0, 50, JSON.stringify([...statuses]))
    }
  }).timeout(300_000)
})
