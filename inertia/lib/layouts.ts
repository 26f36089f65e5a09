import type { ComponentType, ReactNode } from 'react'
import type { Layout } from '#shared/route_table'
import FrontendLayout from '~/layouts/frontend_layout'

export { layoutOf } from '#shared/page_layout'

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

export async function loadLayout(layout: Layout): Promise<void> {
  if (loaded[layout] || layout === 'frontend' || !(layout in loaders)) return
  const module = await loaders[layout]()
  loaded[layout] = module.default
}

/** A layout loaded by loadLayout (the public one if it was not). */
export function loadedLayout(layout: Layout): LayoutComponent {
  return loaded[layout] ?? FrontendLayout
}
