import { readdir } from 'node:fs/promises'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import i18nManager from '@adonisjs/i18n/services/main'
import Post from '#models/post'
import { importPosts } from '#services/site/post_importer'
import { clearPostCaches } from '#services/site/post_queries'
import type { Locale } from '#shared/locales'

/** Imports content/posts before the group's tests and removes them afterwards. */
export function withPosts(group: Group) {
  group.setup(async () => {
    const report = await importPosts(app.makePath('content/posts'))
    if (report.errors.length > 0) throw new Error(JSON.stringify(report.errors))
    return async () => {
      await Post.query().delete()
      clearPostCaches()
    }
  })
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
}

/** The document's <title>, entities decoded. */
export function titleOf(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/.exec(html)
  return match
    ? match[1].replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => entities[entity])
    : null
}

/** The <meta property|name="…" content="…"> of a document. */
export function metaOf(html: string, name: string): string | null {
  const pattern = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`)
  return pattern.exec(html)?.[1] ?? null
}

export function t(locale: Locale, key: string, values?: Record<string, unknown>) {
  return i18nManager.locale(locale).t(key, values)
}

let address = 0
/** A distinct client address per call, so per-IP rate limits never mix between tests. */
export function clientIp() {
  address++
  return `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`
}

/** The validation messages flashed by a redirect back, by field. */
export function inputErrors(response: { flashMessages(): Record<string, unknown> }) {
  return (response.flashMessages().inputErrorsBag ?? {}) as Record<string, string[] | undefined>
}

/** How many post files content/posts holds. */
export async function postFileCount() {
  const files = await readdir(app.makePath('content/posts'), { recursive: true })
  return files.filter((file) => file.endsWith('.md')).length
}
