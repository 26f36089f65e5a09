import { routeTable, type RouteName } from '#shared/route_table'
import { menuOfRoute, type HideableMenu } from '#shared/menu_permissions'
import type { RouteAbility } from '#abilities/main'

/**
 * What each registered route needs, by route NAME (issue 27): the hideable menu it belongs
 * to and the ability it asks beyond being a member of the company. A hidden menu therefore
 * refuses every route of its pages alike (page, /data, /export, report exports, files), and
 * a route nobody classified is refused (tests/unit/policies/route_access.spec.ts walks the
 * router's routes so none is left out).
 */
export interface RouteDecision {
  menu?: HideableMenu
  ability?: RouteAbility
  /** Open without a company membership (public site, sign-in, webhooks of providers). */
  open?: true
}

/**
 * Routes that ask more than their page: write routes, and pages for a role only. A key
 * covers the route of that name and every route named below it (`account.company-settings`
 * covers `account.company-settings.put`). The longest key wins.
 */
const explicit: Record<string, RouteDecision> = {
  // Team, company settings and menu permissions (the invitation itself is accepted by anyone)
  'account.team-members.post': { ability: 'administerCompany' },
  'account.team-members.put': { ability: 'administerCompany' },
  'account.team-members.delete': { ability: 'administerCompany' },
  'account.team-members.get.invitation.token': {},
  'account.company-settings': { ability: 'administerCompany' },
  'account.menu-permissions': { ability: 'administerCompany' },
  'account.settings.put': {},
  'account.support.post': {},
  // Billing: admins read it, the owner orders and pays; invoices and marking paid also
  // serve platform staff (the controller asks seeBilling or checks staff)
  'account.subscriptions': { ability: 'seeBilling' },
  'account.invoices.get.id.pdf': { ability: 'seeBilling' },
  'account.payment-settings': { ability: 'seeBilling' },
  'account.product-ordering': { ability: 'seeBilling' },
  'account.subscriptions.post': { ability: 'ownCompany' },
  'account.payment-settings.put': { ability: 'ownCompany' },
  'account.product-ordering.post': { ability: 'ownCompany' },
  'account.invoices.post.id.pay': { ability: 'ownCompany' },
  'account.invoices.post.id.paid': {},
  'account.invoices.post.discount-codes': {},
  // Settings: admins, except the commands page (managers send, admins keep templates)
  // and the buildings layer every map reads
  'settings.buildings': { menu: 'settings', ability: 'administerCompany' },
  'settings.buildings.get.data': {},
  'settings.working-hours': { menu: 'settings', ability: 'administerCompany' },
  'settings.email-settings': { menu: 'settings', ability: 'administerCompany' },
  'settings.sms-settings': { menu: 'settings', ability: 'administerCompany' },
  'settings.integrations-settings': { menu: 'settings', ability: 'administerCompany' },
  'settings.other-settings': { menu: 'settings', ability: 'administerCompany' },
  'settings.unregistered-devices': { menu: 'settings', ability: 'administerCompany' },
  'settings.commands': { menu: 'settings', ability: 'sendCommands' },
  'settings.commands.post.templates': { menu: 'settings', ability: 'administerCompany' },
  'settings.commands.put': { menu: 'settings', ability: 'administerCompany' },
  'settings.commands.delete': { menu: 'settings', ability: 'administerCompany' },
  'settings.geofences.post': { menu: 'settings', ability: 'administerCompany' },
  'settings.geofences.put': { menu: 'settings', ability: 'administerCompany' },
  'settings.geofences.delete': { menu: 'settings', ability: 'administerCompany' },
  'settings.notification-settings.post': { menu: 'settings', ability: 'administerCompany' },
  'settings.notification-settings.put': { menu: 'settings', ability: 'administerCompany' },
  'settings.notification-settings.delete': { menu: 'settings', ability: 'administerCompany' },
  // A member subscribes their own browser to push; the company's push rules are admins'
  'settings.push-notification-settings.post': { menu: 'settings', ability: 'administerCompany' },
  'settings.push-notification-settings.put': { menu: 'settings', ability: 'administerCompany' },
  'settings.push-notification-settings.delete': {
    menu: 'settings',
    ability: 'administerCompany',
  },
  'settings.push-notification-settings.post.subscription': {},
  'settings.push-notification-settings.delete.subscription': {},
  // Fleet: approvals, assignments, maintenance import, commands to a vehicle
  'fleet.request.post.id.decision': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.leave-request.post.id.decision': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.maintenance-integration.post.import': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.drivers.post.id.assignment': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.drivers.delete.id.assignment': { menu: 'fleet', ability: 'manageFleet' },
  'fleet-new.drivers.post.id.assignment': { menu: 'fleet', ability: 'manageFleet' },
  'fleet-new.drivers.delete.id.assignment': { menu: 'fleet', ability: 'manageFleet' },
  'settings.drivers.post.id.assignment': { menu: 'settings', ability: 'manageFleet' },
  'settings.drivers.delete.id.assignment': { menu: 'settings', ability: 'manageFleet' },
  // Issue 30: the inspection form (every member files), work orders (approving its cost
  // asks approveWorkOrderCosts in the controller)
  'forms.inspection.post': { menu: 'fleet', ability: 'fileRequests' },
  'fleet.work-orders.post.id.transition': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.work-orders.post.id.parts': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.work-orders.delete.id.parts': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.work-orders.post.id.issues': { menu: 'fleet', ability: 'manageFleet' },
  'fleet.work-orders.delete.id.issues': { menu: 'fleet', ability: 'manageFleet' },
  'assets.show.post.commands': { ability: 'sendCommands' },
  // Issue 25: odometer corrections (managers and above), read in settings by the same
  'assets.show.post.odometer': { ability: 'manageFleet' },
  'settings.odometer-corrections': { menu: 'settings', ability: 'manageFleet' },
  // Reports: scheduling them
  'reports.post.schedules': { menu: 'reports', ability: 'scheduleReports' },
  'reports.put.schedules': { menu: 'reports', ability: 'scheduleReports' },
  'reports.delete.schedules': { menu: 'reports', ability: 'scheduleReports' },
  'reports.get.schedules': { menu: 'reports', ability: 'scheduleReports' },
  // Every member: the notification inbox, the live map's feed, switching company
  'inbox': {},
  'companies.switch': {},
  'logout': { open: true },
  // The public and technical routes of no company
  'health': { open: true },
  'ready': { open: true },
  'sitemap': { open: true },
  'robots': { open: true },
  'csrf_cookie': { open: true },
  'locale.update': { open: true },
  'oauth': { open: true },
  'transmit': { open: true },
  'card_payments': { open: true },
  // The JSON API answers by token, not session: ApiV1Controller applies the decisions of
  // the member who created the token (the menus below)
  'api.v1.devices': { open: true },
  'api.v1.positions': { open: true },
  'api.v1.trips': { open: true, menu: 'history' },
  'api.v1.events': { open: true, menu: 'reports' },
  'api.v1.openapi': { open: true },
}

/** Write routes registered by the resource machinery; the resource controller asks its ability. */
const registered = new Map<string, RouteDecision>()

/** Records the decision of routes registered at boot (resource writes). */
export function declareRoute(name: string, decision: RouteDecision) {
  registered.set(name, decision)
}

const pageNames = (Object.keys(routeTable) as RouteName[]).sort((a, b) => b.length - a.length)

/** The page of the route table a route name belongs to (`fleet.insurance.get.data`). */
export function pageOfRoute(name: string): RouteName | null {
  const bare = name.startsWith('tr.') ? name.slice(3) : name
  return pageNames.find((page) => bare === page || bare.startsWith(`${page}.`)) ?? null
}

function explicitDecision(bare: string): RouteDecision | null {
  let best: string | null = null
  for (const key of Object.keys(explicit)) {
    if ((bare === key || bare.startsWith(`${key}.`)) && (!best || key.length > best.length)) {
      best = key
    }
  }
  return best ? explicit[best] : null
}

/**
 * The decision for a route name (English or `tr.`), or null when nobody decided it: an
 * explicit entry, a registered resource write, a route of a public page (open), or a read
 * (GET) of a back-office page, which needs what the page needs (its menu).
 */
export function routeDecisionOf(name: string): RouteDecision | null {
  const bare = name.startsWith('tr.') ? name.slice(3) : name
  const chosen = explicitDecision(bare) ?? registered.get(bare)
  if (chosen) return chosen
  const page = pageOfRoute(bare)
  if (!page) return null
  const entry = routeTable[page]
  if (entry.layout === 'frontend' || entry.layout === 'auth') return { open: true }
  const rest = bare.slice(page.length)
  if (rest !== '' && !rest.startsWith('.get.')) return null
  const menu = menuOfRoute(page)
  return menu ? { menu } : {}
}
