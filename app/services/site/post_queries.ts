import Post, { type PostCategory } from '#models/post'
import type { Locale } from '#shared/locales'
import type { RouteName } from '#shared/route_table'

/** Where a post of each category lives; the others are shown under /post/{slug}. */
const showRouteByCategory: Partial<Record<PostCategory, RouteName>> = {
  feature: 'features.show',
  product: 'products.show',
  fleet: 'fleet.show',
  blog: 'blog.show',
}

export function showRouteOf(category: PostCategory): RouteName {
  return showRouteByCategory[category] ?? 'post.show'
}

/** The categories each slug route shows; `post.show` shows any post. */
export const categoriesOfShowRoute: Partial<Record<RouteName, PostCategory[]>> = {
  'features.show': ['feature'],
  'products.show': ['product'],
  'fleet.show': ['fleet'],
  'blog.show': ['blog'],
}

/** List columns: everything but the bodies. */
const listColumns = [
  'id',
  'key',
  'slug',
  'language',
  'name',
  'category',
  'summary',
  'cover_image',
  'sort_order',
  'coming_soon',
  'published_at',
]

export function postsOf(locale: Locale, categories: PostCategory[]) {
  const query = Post.query()
    .select(listColumns)
    .where('language', locale)
    .whereIn('category', categories)
  if (categories.length === 1 && categories[0] === 'blog') {
    return query.orderByRaw('published_at DESC NULLS LAST').orderBy('sort_order').orderBy('id')
  }
  return query.orderBy('category').orderBy('sort_order').orderBy('id')
}

/** FAQs are shown whole (an accordion), so they come with their bodies. */
export function faqsOf(locale: Locale) {
  return Post.query()
    .where('language', locale)
    .where('category', 'faq')
    .orderBy('sort_order')
    .orderBy('id')
}

export function postBySlug(locale: Locale, slug: string, categories?: PostCategory[]) {
  const query = Post.query().where('language', locale).where('slug', slug)
  if (categories) query.whereIn('category', categories)
  return query.first()
}

export function postByKey(locale: Locale, key: string) {
  return Post.query().where('language', locale).where('key', key).first()
}

/** The same post in every language, by key: { en: 'slug', tr: 'slug' }. */
export async function slugsOfKey(key: string): Promise<Partial<Record<Locale, string>>> {
  const rows = await Post.query().select('language', 'slug').where('key', key)
  return Object.fromEntries(rows.map((row) => [row.language, row.slug]))
}

/*
| Footer posts (spec §7): the why, company and legal posts of the page's language, on
| every public page. One small query per locale, cached; an import clears the cache, and
| entries expire after a few minutes so that other processes pick up an import too.
*/
export interface FooterPostLink {
  slug: string
  name: string
}
export type FooterPosts = Record<'why' | 'company' | 'legal', FooterPostLink[]>

const FOOTER_TTL_MS = 5 * 60 * 1000
const footerCache = new Map<Locale, { at: number; value: Promise<FooterPosts> }>()

async function loadFooterPosts(locale: Locale): Promise<FooterPosts> {
  const rows = await Post.query()
    .select('slug', 'name', 'category')
    .where('language', locale)
    .whereIn('category', ['why', 'company', 'legal'])
    .orderBy('sort_order')
    .orderBy('id')
  const posts: FooterPosts = { why: [], company: [], legal: [] }
  for (const row of rows) {
    posts[row.category as keyof FooterPosts].push({ slug: row.slug, name: row.name })
  }
  return posts
}

export function footerPostsOf(locale: Locale): Promise<FooterPosts> {
  const cached = footerCache.get(locale)
  if (cached && Date.now() - cached.at < FOOTER_TTL_MS) return cached.value
  const value = loadFooterPosts(locale)
  footerCache.set(locale, { at: Date.now(), value })
  value.catch(() => footerCache.delete(locale))
  return value
}

const clearHooks = new Set<() => void>()

/** Lets other caches built on posts (the page cache, the sitemap) clear with them. */
export function onPostsChanged(hook: () => void) {
  clearHooks.add(hook)
}

export function clearPostCaches() {
  footerCache.clear()
  for (const hook of clearHooks) hook()
}
