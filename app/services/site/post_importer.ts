import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Post, { postCategories, type PostCategory } from '#models/post'
import { isLocale, type Locale } from '#shared/locales'
import { renderMarkdown } from '#services/site/markdown'
import { clearPostCaches } from '#services/site/post_queries'

/** What a post file holds once its front matter is checked. */
export interface PostSource {
  file: string
  key: string
  slug: string
  language: Locale
  name: string
  category: PostCategory
  summary: string | null
  seoTitle: string | null
  seoDescription: string | null
  coverImage: string | null
  sortOrder: number
  comingSoon: boolean
  publishedAt: DateTime | null
  bodyMarkdown: string
}

export interface ImportReport {
  created: number
  updated: number
  unchanged: number
  errors: { file: string; message: string }[]
}

export class PostSourceError extends Error {}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/

function optionalText(value: unknown, field: string, max: number): string | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') throw new PostSourceError(`"${field}" must be text`)
  if (value.length > max) throw new PostSourceError(`"${field}" is longer than ${max} characters`)
  return value.trim()
}

function requiredText(value: unknown, field: string, max: number): string {
  const text = optionalText(value, field, max)
  if (!text) throw new PostSourceError(`"${field}" is required`)
  return text
}

/** Parses one Markdown file with YAML front matter; throws PostSourceError when it is not valid. */
export function parsePostSource(text: string, file: string): PostSource {
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''))
  if (!match) throw new PostSourceError('the file does not start with a --- front matter block')
  let meta: Record<string, unknown>
  try {
    meta = parseYaml(match[1]) ?? {}
  } catch (error) {
    throw new PostSourceError(`invalid front matter: ${(error as Error).message}`)
  }
  if (typeof meta !== 'object' || Array.isArray(meta)) {
    throw new PostSourceError('the front matter is not a mapping')
  }

  const key = requiredText(meta.key, 'key', 120)
  const slug = requiredText(meta.slug, 'slug', 160)
  if (!SLUG.test(slug)) throw new PostSourceError(`"slug" must be lower-case-words: ${slug}`)
  if (!SLUG.test(key)) throw new PostSourceError(`"key" must be lower-case-words: ${key}`)
  const language = meta.language
  if (!isLocale(language)) throw new PostSourceError(`"language" must be en or tr`)
  const category = meta.category
  if (!postCategories.includes(category as PostCategory)) {
    throw new PostSourceError(`"category" must be one of ${postCategories.join(', ')}`)
  }
  const coverImage = optionalText(meta.cover_image, 'cover_image', 300)
  if (coverImage && !coverImage.startsWith('/images/')) {
    throw new PostSourceError('"cover_image" must be a path under /images/')
  }
  const order = meta.order ?? 0
  if (typeof order !== 'number' || !Number.isInteger(order)) {
    throw new PostSourceError('"order" must be a whole number')
  }
  let publishedAt: DateTime | null = null
  if (meta.published_at !== undefined && meta.published_at !== null) {
    const raw = meta.published_at
    publishedAt =
      raw instanceof Date
        ? DateTime.fromJSDate(raw, { zone: 'utc' })
        : DateTime.fromISO(String(raw), { zone: 'utc' })
    if (!publishedAt.isValid) throw new PostSourceError('"published_at" is not a date')
  }
  const body = match[2].trim()
  if (!body) throw new PostSourceError('the post has no body')

  return {
    file,
    key,
    slug,
    language,
    name: requiredText(meta.name, 'name', 200),
    category: category as PostCategory,
    summary: optionalText(meta.summary, 'summary', 2000),
    seoTitle: optionalText(meta.seo_title, 'seo_title', 200),
    seoDescription: optionalText(meta.seo_description, 'seo_description', 400),
    coverImage,
    sortOrder: order,
    comingSoon: meta.coming_soon === true,
    publishedAt,
    bodyMarkdown: body,
  }
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const files = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return markdownFiles(path)
      return entry.isFile() && entry.name.endsWith('.md') ? [path] : []
    })
  )
  return files.flat().sort()
}

function columnsOf(source: PostSource) {
  return {
    key: source.key,
    slug: source.slug,
    language: source.language,
    name: source.name,
    category: source.category,
    summary: source.summary,
    bodyMarkdown: source.bodyMarkdown,
    bodyHtml: renderMarkdown(source.bodyMarkdown),
    seoTitle: source.seoTitle,
    seoDescription: source.seoDescription,
    coverImage: source.coverImage,
    sortOrder: source.sortOrder,
    comingSoon: source.comingSoon,
    publishedAt: source.publishedAt,
  }
}

function sameAs(post: Post, columns: ReturnType<typeof columnsOf>): boolean {
  return (Object.keys(columns) as (keyof typeof columns)[]).every((name) => {
    const current = post[name]
    const next = columns[name]
    if (current instanceof DateTime || next instanceof DateTime) {
      return (
        (current as DateTime | null)?.toMillis() === (next as DateTime | null)?.toMillis() &&
        !!current === !!next
      )
    }
    return current === next
  })
}

/**
 * Imports every Markdown post under `dir` (content/posts): an upsert by (key, language),
 * so running it again changes nothing. Invalid files and duplicate slugs are reported and
 * skipped; everything valid is written in one transaction. Clears the post caches.
 */
export async function importPosts(dir: string): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: [] }
  const sources: PostSource[] = []
  const seenIds = new Map<string, string>()
  const seenSlugs = new Map<string, string>()

  for (const path of await markdownFiles(dir)) {
    const file = relative(process.cwd(), path)
    try {
      const source = parsePostSource(await readFile(path, 'utf8'), file)
      const id = `${source.key}:${source.language}`
      const slugId = `${source.language}:${source.slug}`
      if (seenIds.has(id)) throw new PostSourceError(`key "${id}" is also in ${seenIds.get(id)}`)
      if (seenSlugs.has(slugId)) {
        throw new PostSourceError(`slug "${slugId}" is also in ${seenSlugs.get(slugId)}`)
      }
      seenIds.set(id, file)
      seenSlugs.set(slugId, file)
      sources.push(source)
    } catch (error) {
      if (!(error instanceof PostSourceError)) throw error
      report.errors.push({ file, message: error.message })
    }
  }

  await db.transaction(async (trx) => {
    const existing = await Post.query({ client: trx })
    const byId = new Map(existing.map((post) => [`${post.key}:${post.language}`, post]))
    const bySlug = new Map(existing.map((post) => [`${post.language}:${post.slug}`, post]))
    for (const source of sources) {
      const columns = columnsOf(source)
      const current = byId.get(`${source.key}:${source.language}`)
      const slugOwner = bySlug.get(`${source.language}:${source.slug}`)
      if (slugOwner && slugOwner !== current && !sources.some((s) => s.key === slugOwner.key)) {
        report.errors.push({
          file: source.file,
          message: `slug "${source.slug}" belongs to the post "${slugOwner.key}" in the database`,
        })
        continue
      }
      if (!current) {
        await Post.create(columns, { client: trx })
        report.created++
      } else if (sameAs(current, columns)) {
        report.unchanged++
      } else {
        current.useTransaction(trx)
        current.merge(columns)
        await current.save()
        report.updated++
      }
    }
  })

  clearPostCaches()
  return report
}
