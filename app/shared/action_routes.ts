import type { Locale } from './locales.js'
import { pathFor, type RouteName, type RouteParams } from './route_table.js'

/**
 * The routes forms and buttons post to, by name, beside the page table: either a sub-path
 * of a page (so it exists in both languages, `/backend/fleet/drivers/:id/assignment` and
 * `/tr/panel/filo/suruculer/:id/assignment`) or one path for both languages (`/logout`).
 * The server registers these routes from this table and pages build their URLs from it, so
 * a renamed path never breaks a button.
 */
export type ActionRoute = { page: RouteName; suffix: string } | { path: string }

export const actionRoutes = {
  'logout': { path: '/logout' },
  'logout.everywhere': { path: '/logout/everywhere' },
  'companies.switch': { path: '/backend/companies/:id/switch' },
  'contact.demo': { page: 'contact', suffix: '/demo' },
  'account.settings.profile': { page: 'account.settings', suffix: '/profile' },
  'account.settings.preferences': { page: 'account.settings', suffix: '/preferences' },
  'account.settings.password': { page: 'account.settings', suffix: '/password' },
  'account.settings.email.confirm': { page: 'account.settings', suffix: '/email/confirm' },
  'account.team-members.member': { page: 'account.team-members', suffix: '/:memberId' },
  'account.team-members.member.vehicle-groups': {
    page: 'account.team-members',
    suffix: '/:memberId/vehicle-groups',
  },
  'live.fleet': { page: 'live', suffix: '/fleet' },
  'assets.commands': { page: 'assets.show', suffix: '/commands' },
  'assets.place': { page: 'assets.show', suffix: '/place' },
  'assets.odometer': { page: 'assets.show', suffix: '/odometer' },
  'drivers.assignment': { page: 'fleet.drivers', suffix: '/:id/assignment' },
  'fleet.request.decision': { page: 'fleet.request', suffix: '/:id/decision' },
  'fleet.leave-request.decision': { page: 'fleet.leave-request', suffix: '/:id/decision' },
  'fleet.work-orders.transition': { page: 'fleet.work-orders', suffix: '/:id/transition' },
  'fleet.work-orders.parts': { page: 'fleet.work-orders', suffix: '/:id/parts' },
  'fleet.work-orders.part': { page: 'fleet.work-orders', suffix: '/:id/parts/:partId' },
  'fleet.work-orders.issues': { page: 'fleet.work-orders', suffix: '/:id/issues' },
  'fleet.work-orders.issue': { page: 'fleet.work-orders', suffix: '/:id/issues/:issueId' },
  'account.team-members.invitation': { page: 'account.team-members', suffix: '/invitations/:id' },
  'account.team-members.invitation.resend': {
    page: 'account.team-members',
    suffix: '/invitations/:id/resend',
  },
  'account.team-members.invitation.accept': {
    page: 'account.team-members',
    suffix: '/invitation/:token',
  },
  'account.invoices.pdf': { page: 'account.invoices', suffix: '/:id/pdf' },
  'account.invoices.pay': { page: 'account.invoices', suffix: '/:id/pay' },
  'account.discount-codes': { page: 'account.invoices', suffix: '/discount-codes' },
  'account.invoices.paid': { page: 'account.invoices', suffix: '/:id/paid' },
} satisfies Record<string, ActionRoute>

export type ActionName = keyof typeof actionRoutes

/** The URL of a named action in `locale`, with its parameters filled in. */
export function actionPath(name: ActionName, locale: Locale, params: RouteParams = {}): string {
  const route: ActionRoute = actionRoutes[name]
  const fill = (pattern: string) =>
    pattern.replace(/:(\w+)/g, (_, key: string) => {
      const value = params[key]
      if (value === undefined) throw new Error(`Action "${name}" needs the parameter "${key}"`)
      return encodeURIComponent(String(value))
    })
  if ('path' in route) return fill(route.path)
  return pathFor(route.page, locale, params).replace(/\/$/, '') + fill(route.suffix)
}
