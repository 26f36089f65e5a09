import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

const ROOT = new URL('../../../', import.meta.url).pathname

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The modules a file imports (static and dynamic), as written. */
async function importsOf(file: string) {
  const text = await readFile(file, 'utf8')
  return [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => match[1])
}

/** What SQL in a controller looks like: the database service, a query builder, raw SQL. */
const SQL_IN_CONTROLLERS: [string, RegExp][] = [
  ['imports the database service', /from\s+'@adonisjs\/lucid\/services\/db'/],
  [
    'builds a query on the database service',
    /\bdb\s*\.\s*(from|query|table|insertQuery|modelQuery|knexQuery|transaction|connection|raw)\b/,
  ],
  ['builds a model query', /\.query\(\s*\)/],
  [
    'writes raw SQL',
    /\b(rawQuery|whereRaw|orWhereRaw|havingRaw|orderByRaw|joinRaw|knexRawQuery|selectRaw)\s*\(/,
  ],
]

async function offending(folder: string, forbidden: (specifier: string) => boolean) {
  const found: string[] = []
  for (const file of await sourcesUnder(folder)) {
    for (const specifier of await importsOf(file)) {
      if (forbidden(specifier)) found.push(`${file.slice(ROOT.length)} imports ${specifier}`)
    }
  }
  return found
}

test.group('Dependency direction', () => {
  test('services never import jobs (jobs call services)', async ({ assert }) => {
    assert.deepEqual(
      await offending('app/services', (specifier) => specifier.startsWith('#jobs/')),
      []
    )
  })

  test('actions reach the tracking layer through its public entry points only (app/tracking/*.ts, not its folders)', async ({
    assert,
  }) => {
    assert.deepEqual(
      await offending('app/actions', (specifier) => /^#tracking\/[^/]+\/.+/.test(specifier)),
      []
    )
  })

  test('controllers reach the tracking layer through its public entry points only', async ({
    assert,
  }) => {
    assert.deepEqual(
      await offending('app/controllers', (specifier) => /^#tracking\/[^/]+\/.+/.test(specifier)),
      []
    )
  })

  test('no recurring work outside the scheduler: setInterval only in the simulator command', async ({
    assert,
  }) => {
    const found: string[] = []
    for (const folder of ['app', 'start', 'commands', 'bin']) {
      for (const file of await sourcesUnder(folder)) {
        const relative = file.slice(ROOT.length)
        if (relative === 'commands/tracker_simulate.ts') continue
        if (/\bsetInterval\(/.test(await readFile(file, 'utf8'))) found.push(relative)
      }
    }
    assert.deepEqual(found, [])
  })

  test('no controller imports another controller', async ({ assert }) => {
    assert.deepEqual(
      await offending('app/controllers', (specifier) => specifier.startsWith('#controllers/')),
      []
    )
  })

  test('controllers hold no SQL: their reads are queries, their writes actions', async ({
    assert,
  }) => {
    const found: string[] = []
    for (const file of await sourcesUnder('app/controllers')) {
      const text = await readFile(file, 'utf8')
      const relative = file.slice(ROOT.length)
      for (const [what, pattern] of SQL_IN_CONTROLLERS) {
        if (pattern.test(text)) found.push(`${relative}: ${what}`)
      }
    }
    assert.deepEqual(found, [])
  })

  test('the SQL check of controllers recognises each way of writing SQL', ({ assert }) => {
    const samples = [
      "import db from '@adonisjs/lucid/services/db'",
      "const rows = await db.from('devices')",
      "await Device.query().where('company_id', 1)",
      "await db.rawQuery('select 1')",
      "query.whereRaw('lower(name) = ?', [name])",
      "await ctx.company.related('devices').query()",
    ]
    for (const sample of samples) {
      assert.isTrue(
        SQL_IN_CONTROLLERS.some(([, pattern]) => pattern.test(sample)),
        sample
      )
    }
    assert.isFalse(
      SQL_IN_CONTROLLERS.some(([, pattern]) =>
        pattern.test("const devices = await companyDevices(company.id) // a query's call")
      )
    )
  })
})
