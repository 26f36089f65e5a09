import type { ComponentType, ReactNode } from 'react'
import type { Layout } from '#shared/route_table'
import FrontendLayout from '~/layouts/frontend_layout'

/*
| The page layouts, loaded with the page that needs them: the public site's layout is in
| the entry bundle, the others (the back office's sidebar, top bar, menus, dialogs…) are
| separate chunks, so that the public site and the sign-in pages never download the back
| office's code. resolvePage (resolve_page.ts) loads a page's layout before the page is
| rendered, on the server, at hydration and on each visit; AppLayout then renders it.
*/

export type LayoutComponent = ComponentType<{ children: ReactNode }>

const loaders: Record<Exclude<Layout, 'frontend'>, () => Promise<{ default: LayoutComponent }>> = {
  'auth': () => import('~/layouts/auth_layout'),
  'backend': () => import('~/layouts/backend_layout'),
  'reports': () => import('~/layouts/reports_layout'),
  'fleet-new': () => import('~/layouts/fleet_new_layout'),
}

const loaded: Partial<Record<Layout, LayoutComponent>> = { frontend: FrontendLayout }

/**
 * The layout of a page: its route's, the public one for error pages, unrouted pages and
 * back-office pages an anonymous visitor may see (access denied: no sidebar without a user).
 */
export function layoutOf(
  component: string,
  props?: { route?: { layout?: Layout } | null; user?: unknown }
): Layout {
  if (component.startsWith('errors/')) return 'frontend'
  const layout = props?.route?.layout ?? 'frontend'
  return layout === 'backend' && !props?.user ? 'frontend' : layout
}

export async function loadLayout(layout: Layout): Promise<void> {
  if (loaded[layout] || layout === 'frontend' || !(layout in loaders)) return
  const module = await loaders[layout]()
  loaded[layout] = module.default
}

/** A layout loaded by loadLayout (the public one if it was not). */
export function loadedLayout(layout: Layout): LayoutComponent {
  return loaded[layout] ?? FrontendLayout
}
