import { routeTable, type RouteName } from './route_table.js'

/**
 * Menu permissions on the server: a company hides whole menus of the back office (company
 * settings, "menu permissions"); the sidebar leaves them out and their pages answer
 * /backend/unauthorized. The hideable menus and the pages of each (by route name).
 */
export const hideableMenus = ['history', 'reports', 'settings', 'fleet', 'inventory'] as const
export type HideableMenu = (typeof hideableMenus)[number]

const rules: Record<HideableMenu, (name: string) => boolean> = {
  history: (name) => name === 'history' || name.startsWith('history.'),
  reports: (name) => name === 'reports' || name.startsWith('reports.'),
  settings: (name) => name.startsWith('settings.'),
  fleet: (name) =>
    name.startsWith('fleet.') ||
    name === 'fleet-new' ||
    name.startsWith('fleet-new.') ||
    name === 'assets' ||
    name === 'assets.inventory-reports',
  inventory: (name) => name.startsWith('inventory.'),
}

/** The hideable menu a back-office page belongs to, if any (public pages belong to none). */
export function menuOfRoute(name: RouteName): HideableMenu | null {
  if (routeTable[name].layout === 'frontend' || routeTable[name].layout === 'auth') return null
  return hideableMenus.find((menu) => rules[menu](name)) ?? null
}
