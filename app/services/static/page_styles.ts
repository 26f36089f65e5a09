import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import vite from '@adonisjs/vite/services/main'
import viteConfig from '#config/vite'
import { layoutOf } from '#shared/page_layout'
import type { Layout } from '#shared/route_table'
import { classesInHtml, criticalCss } from '#services/static/critical_css'

/** The one stylesheet (Tailwind: every page's classes). */
export const STYLESHEET = 'inertia/css/app.css'

const PUBLIC_LAYOUTS = new Set<Layout>(['frontend', 'auth'])
const PUBLIC_COMPONENTS = /^(site|auth|errors)\//

/**
 * How a page gets its styles. A public page (the site, sign-in and error pages in their own
 * layouts), server-rendered, carries in its HTML the rules its markup uses, so a phone paints
 * it without waiting for the stylesheet; the whole stylesheet is preloaded without blocking and
 * applied by the client before it hydrates (inertia/app.tsx). Every other page, and every page
 * while Vite's development server runs, links the stylesheet the usual way (`inline` null).
 */
export interface PageStyles {
  inline: string | null
  href: string | null
}

export interface PageObject {
  component: string
  props?: { route?: { layout?: Layout } | null; user?: unknown }
  ssrBody?: string
}

export function inlinesStyles(page: PageObject): boolean {
  return (
    typeof page.ssrBody === 'string' &&
    PUBLIC_COMPONENTS.test(page.component) &&
    PUBLIC_LAYOUTS.has(layoutOf(page.component, page.props))
  )
}

let built: { css: string; href: string } | null = null

/** The built stylesheet and its URL, read once per process. */
function builtStylesheet(): { css: string; href: string } {
  if (built) return built
  const file = vite.manifest()[STYLESHEET]?.file
  if (!file) throw new Error(`${STYLESHEET} is not in the Vite manifest: rebuild`)
  const css = readFileSync(app.makePath(viteConfig.buildDirectory, file), 'utf8')
  built = { css, href: vite.assetPath(STYLESHEET) }
  return built
}

/** By class set: the public pages are few, and a page's markup rarely changes its classes. */
const cache = new Map<string, string>()
const CACHE_LIMIT = 500

/** `bodyClass`: the classes the root view puts outside the page (on <body>). */
export function pageStyles(page: PageObject, bodyClass = ''): PageStyles {
  if (vite.useDevServer || !inlinesStyles(page)) return { inline: null, href: null }
  const { css, href } = builtStylesheet()
  const used = classesInHtml(`${page.ssrBody} class="${bodyClass}"`)
  const key = [...used].sort().join(' ')
  let inline = cache.get(key)
  if (inline === undefined) {
    // A style element's text ends at the first "</style": never let CSS text close it.
    inline = criticalCss(css, used).replace(/<\/style/gi, '<\\/style')
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(key, inline)
  }
  return { inline, href }
}
