import type { HttpContext } from '@adonisjs/core/http'
import type { InertiaPages, SharedProps } from '@adonisjs/inertia/types'
import siteConfig from '#config/site'
import { alternatesFor, appUrl } from '#services/alternates'
import { shareDocumentHead } from '#middleware/locale_middleware'
import { footerPostsOf } from '#services/site/post_queries'
import { pageMessages, type ClientMessage } from '#services/page_messages'
import type { Locale } from '#shared/locales'
import type { Seo } from '#shared/site_seo'

const ogLocales: Record<Locale, string> = { en: 'en_GB', tr: 'tr_TR' }
const BRAND = 'FleetTrack'

/** What a public page says about itself to browsers, search engines and link previews. */
export interface SeoInput {
  title: string
  /** A longer title for link previews (a post's SEO title); defaults to the title. */
  ogTitle?: string
  description: string
  type?: 'website' | 'article'
  /** A site path (/images/...) shown in link previews. */
  image?: string | null
  noindex?: boolean
}

/** "Route Optimisation | FleetTrack" -> "Route Optimisation": the layout adds the brand. */
export function withoutBrand(title: string): string {
  return title.replace(/\s*[|·–—-]\s*FleetTrack\s*$/i, '').trim() || title
}

/**
 * The <title> of a post: its SEO title without the brand the layout adds anyway; when the
 * brand is part of the wording ("About FleetTrack | …"), the post's name instead.
 */
export function postTitle(seoTitle: string | null, name: string): string {
  if (!seoTitle) return name
  const title = withoutBrand(seoTitle)
  return title.includes(BRAND) ? name : title
}

export function buildSeo(
  locale: Locale,
  input: SeoInput,
  alternates: Partial<Record<Locale, string>>
): Seo {
  const title = withoutBrand(input.title)
  const ogTitle = input.ogTitle ? withoutBrand(input.ogTitle) : title
  const path = alternates[locale]?.split('?')[0]
  return {
    title,
    fullTitle: ogTitle.includes(BRAND) ? ogTitle : `${ogTitle} · ${BRAND}`,
    description: input.description,
    type: input.type ?? 'website',
    url: path ? `${appUrl()}${path}` : null,
    image: input.image ? `${appUrl()}${input.image}` : null,
    locale: ogLocales[locale],
    alternateLocales: (Object.keys(alternates) as Locale[])
      .filter((code) => code !== locale)
      .map((code) => ogLocales[code]),
    noindex: input.noindex ?? false,
  }
}

/** The GA4 measurement id, when set and well-formed (it ends up in a script URL). */
export function analyticsId(): string | null {
  const id = siteConfig.analyticsId
  return id && /^G-[A-Z0-9]{4,20}$/.test(id) ? id : null
}

type PagePropsOf<Page extends keyof InertiaPages> = Omit<InertiaPages[Page], keyof SharedProps>

/** site.* sections every public page uses (post cards, form bits, the cookie banner). */
const baseSections = ['common', 'forms', 'cookies']

/** The site.* sections each page reads on the client; the rest stay on the server. */
const sectionsByPage: Record<string, string[]> = {
  'site/home': ['home', 'pricing'],
  'site/faqs': ['faqs'],
  'site/pricing': ['pricing'],
  'site/contact': ['contact', 'demo', 'offices'],
  'site/page': ['contact', 'support'],
  'site/posts/index': ['lists'],
  'site/posts/show': ['posts'],
  'site/offer': ['offer', 'quote', 'products'],
  'site/quote': ['quote', 'offices'],
  'site/test/cost': ['calculator'],
  'site/test/device_lists': ['devices'],
  'site/test/device_profile': ['profile'],
  'site/test/command_builder': ['commands'],
  'site/test/check': ['check'],
  'site/translator': ['translator'],
}

const messagesCache = new Map<string, Record<string, ClientMessage>>()

/**
 * The translations a public page sends to the browser: common and messages as for every
 * page, and of the site namespace only what the page shows (not the SEO texts, e-mails or
 * other pages): a smaller HTML document.
 */
export function siteMessages(locale: Locale, page: string): Record<string, ClientMessage> {
  const cacheKey = `${locale}:${page}`
  const cached = messagesCache.get(cacheKey)
  if (cached) return cached
  const sections = sectionsByPage[page]
  const all = pageMessages(locale, 'frontend')
  if (!sections) return all
  const prefixes = [...baseSections, ...sections].map((section) => `site.${section}.`)
  const messages = Object.fromEntries(
    Object.entries(all).filter(
      ([key]) => !key.startsWith('site.') || prefixes.some((prefix) => key.startsWith(prefix))
    )
  )
  messagesCache.set(cacheKey, messages)
  return messages
}

/**
 * Renders a page of the public site with what every public page carries besides its own
 * props: the footer posts of its language, its SEO head (title, description, Open Graph)
 * and the analytics id for the cookie banner. `alternates` overrides the same page's paths
 * in the other languages (a post whose slug differs by language) for the language switch
 * and the canonical/hreflang links.
 */
export async function renderSitePage<Page extends keyof InertiaPages & string>(
  ctx: HttpContext,
  page: Page,
  props: PagePropsOf<Page>,
  options: { seo: SeoInput; alternates?: Partial<Record<Locale, string>> }
) {
  const alternates = options.alternates ?? alternatesFor(ctx)
  if (options.alternates) shareDocumentHead(ctx, options.alternates)
  const extras = {
    messages: siteMessages(ctx.locale, page),
    footerPosts: await footerPostsOf(ctx.locale),
    seo: buildSeo(ctx.locale, options.seo, alternates),
    analyticsId: analyticsId(),
    ...(options.alternates ? { alternates: options.alternates } : {}),
  }
  return ctx.inertia.render(page, { ...props, ...extras } as never)
}
