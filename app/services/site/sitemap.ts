import Post from '#models/post'
import { appUrl } from '#services/alternates'
import { onPostsChanged, showRouteOf } from '#services/site/post_queries'
import { escapeHtml } from '#services/site/markdown'
import { locales, type Locale } from '#shared/locales'
import { guardOf, pathFor, routeTable, type RouteName } from '#shared/route_table'

type Entry = { paths: Partial<Record<Locale, string>>; lastmod?: string }

/** Public pages of the route table that belong in a sitemap: no parameters, redirects or sign-in. */
export function indexableRoutes(): RouteName[] {
  return (Object.keys(routeTable) as RouteName[]).filter((name) => {
    const entry = routeTable[name] as (typeof routeTable)[RouteName] & {
      noindex?: boolean
      redirectTo?: string
    }
    return (
      entry.layout === 'frontend' &&
      !entry.noindex &&
      !entry.redirectTo &&
      guardOf(entry) === 'none' &&
      !entry.en.includes(':')
    )
  })
}

function urlElements(entries: Entry[]): string {
  const base = appUrl()
  const blocks: string[] = []
  for (const entry of entries) {
    const alternates = locales
      .filter(({ code }) => entry.paths[code])
      .map(
        ({ code }) =>
          `    <xhtml:link rel="alternate" hreflang="${code}" href="${escapeHtml(base + entry.paths[code])}"/>`
      )
    if (entry.paths.en) {
      alternates.push(
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(base + entry.paths.en)}"/>`
      )
    }
    for (const { code } of locales) {
      const path = entry.paths[code]
      if (!path) continue
      blocks.push(
        [
          '  <url>',
          `    <loc>${escapeHtml(base + path)}</loc>`,
          ...(entry.lastmod ? [`    <lastmod>${entry.lastmod}</lastmod>`] : []),
          ...alternates,
          '  </url>',
        ].join('\n')
      )
    }
  }
  return blocks.join('\n')
}

async function buildSitemap(): Promise<string> {
  const entries: Entry[] = indexableRoutes().map((name) => ({
    paths: Object.fromEntries(locales.map(({ code }) => [code, pathFor(name, code)])),
  }))

  const posts = await Post.query()
    .select('key', 'slug', 'language', 'category', 'updated_at', 'created_at')
    .orderBy('category')
    .orderBy('sort_order')
    .orderBy('key')
  const byKey = new Map<string, Post[]>()
  for (const post of posts) byKey.set(post.key, [...(byKey.get(post.key) ?? []), post])
  for (const translations of byKey.values()) {
    const paths: Partial<Record<Locale, string>> = {}
    for (const post of translations) {
      paths[post.language] = pathFor(showRouteOf(post.category), post.language, {
        slug: post.slug,
      })
    }
    const updated = translations
      .map((post) => post.updatedAt ?? post.createdAt)
      .reduce((latest, date) => (date > latest ? date : latest))
    entries.push({ paths, lastmod: updated.toISODate() ?? undefined })
  }

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    urlElements(entries),
    '</urlset>',
    '',
  ].join('\n')
}

const SITEMAP_TTL_MS = 10 * 60 * 1000
let cached: { at: number; xml: Promise<string> } | null = null
onPostsChanged(() => (cached = null))

/**
 * sitemap.xml: every indexable public page and every post, in both languages, each with
 * its hreflang alternates. Cached for a few minutes and cleared by a post import.
 */
export function sitemapXml(): Promise<string> {
  if (cached && Date.now() - cached.at < SITEMAP_TTL_MS) return cached.xml
  const xml = buildSitemap()
  cached = { at: Date.now(), xml }
  xml.catch(() => (cached = null))
  return xml
}

export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /backend',
    'Disallow: /tr/panel',
    'Disallow: /offer/',
    'Disallow: /tr/teklif/',
    '',
    `Sitemap: ${appUrl()}/sitemap.xml`,
    '',
  ].join('\n')
}
