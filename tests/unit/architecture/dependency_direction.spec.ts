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
})
