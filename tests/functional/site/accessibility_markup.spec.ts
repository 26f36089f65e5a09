import { test } from '@japa/runner'
import { pathFor } from '#shared/route_table'
import type { Locale } from '#shared/locales'
import { createMember } from '#tests/helpers/accounts'
import { metaOf, t, withPosts } from './support.js'

/** Entities React escapes in attributes and text. */
function decode(text: string) {
  return text
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/** The levels of the document's headings (h1–h6), in order. */
function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]))
}

test.group('Accessibility in the server-rendered markup', (group) => {
  withPosts(group)

  test('/pricing has one h1 and its headings never skip a level', async ({ client, assert }) => {
    for (const locale of ['en', 'tr'] as Locale[]) {
      const response = await client.get(pathFor('pricing', locale))
      response.assertStatus(200)
      const levels = headingLevels(response.text())
      assert.equal(levels.filter((level) => level === 1).length, 1, locale)
      assert.equal(levels[0], 1, `${locale}: the h1 comes first`)
      levels.forEach((level, at) => {
        if (at > 0) assert.isAtMost(level, levels[at - 1] + 1, `${locale}: ${levels.join(' ')}`)
      })
    }
  })

  test('/login has its own meta description in both languages', async ({ client, assert }) => {
    for (const locale of ['en', 'tr'] as Locale[]) {
      const response = await client.get(pathFor('login', locale))
      response.assertStatus(200)
      // The sign-in layout is a chunk of its own, loaded with the page, rendered on the server.
      assert.include(response.text(), 'data-testid="language-dropdown"')
      const description = metaOf(response.text(), 'description')
      assert.equal(decode(description ?? ''), t(locale, 'auth.login.description'), locale)
    }
  })

  test("the language button's accessible name starts with its visible text", async ({
    client,
    assert,
  }) => {
    for (const locale of ['en', 'tr'] as Locale[]) {
      const html = (await client.get(pathFor('home', locale))).text()
      const button = /<button[^>]*data-testid="language-dropdown"[^>]*>([\s\S]*?)<\/button>/.exec(
        html
      )
      assert.isNotNull(button, locale)
      const label = decode(/aria-label="([^"]*)"/.exec(button![0])?.[1] ?? '')
      const visible = decode(button![1].replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, ''))
      assert.equal(visible.trim(), locale.toUpperCase())
      assert.isTrue(label.startsWith(visible.trim()), `"${label}" starts with "${visible}"`)
      assert.include(label, locale === 'en' ? 'Language: English' : 'Dil: Türkçe')
    }
  })

  test('each layout is rendered on the server with its page (loaded as its own chunk)', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'manager' })
    const backend = await client.get(pathFor('backend', 'en')).loginAs(user)
    backend.assertStatus(200)
    assert.include(backend.text(), 'data-testid="sidebar"')
    const site = await client.get(pathFor('pricing', 'en'))
    assert.notInclude(site.text(), 'data-testid="sidebar"')
    assert.include(site.text(), 'id="main"')
  })
})
