import type { Layout } from './route_table.js'

/**
 * The layout of a page: its route's, the public one for error pages, unrouted pages and
 * back-office pages an anonymous visitor may see (access denied: no sidebar without a user).
 * The client renders it (inertia/lib/layouts.ts); the server picks the page's stylesheets
 * with it (app/services/static/page_styles.ts).
 */
export function layoutOf(
  component: string,
  props?: { route?: { layout?: Layout } | null; user?: unknown }
): Layout {
  if (component.startsWith('errors/')) return 'frontend'
  const layout = props?.route?.layout ?? 'frontend'
  return layout === 'backend' && !props?.user ? 'frontend' : layout
}
