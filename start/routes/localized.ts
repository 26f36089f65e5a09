import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { guardOf, pathFor, routeTable, type RouteName } from '#shared/route_table'
import { locales } from '#shared/locales'
import { recordIdMatcher } from '#shared/record_id'
import { actionRoutes, type ActionName, type ActionRoute } from '#shared/action_routes'

type Handler = Parameters<typeof router.get>[1]
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

const registered = new Set<RouteName>()

function guardMiddleware(name: RouteName) {
  const guard = guardOf(routeTable[name])
  if (guard === 'auth') return [middleware.auth()]
  if (guard === 'guest') return [middleware.guest()]
  return []
}

/**
 * Registers a route of the table in both languages. The English route takes
 * the table's name, the Turkish one `tr.<name>`. `suffix` adds a sub-path for
 * actions that belong to a page (`/login` POST, `/team-members/:memberId`).
 */
export function localized(method: Method, name: RouteName, handler: Handler, suffix = '') {
  if (method === 'get' && !suffix) registered.add(name)
  for (const { code } of locales) {
    const path = routeTable[name][code].replace(/\/$/, '') + suffix || '/'
    const route = router[method](path, handler).use(guardMiddleware(name))
    const verb = method === 'get' && !suffix ? '' : `.${method}${suffix.replace(/[/:]+/g, '.')}`
    route.as(`${code === 'en' ? '' : 'tr.'}${name}${verb}`.replace(/\.+/g, '.').replace(/\.$/, ''))
    // Ids beyond PostgreSQL's integer range name no record: no route, the localized 404.
    if (path.includes(':id')) route.where('id', recordIdMatcher)
    if (path.includes(':memberId')) route.where('memberId', recordIdMatcher)
  }
}

/**
 * Registers a named action of app/shared/action_routes.ts: a page's sub-path in both
 * languages (through `localized`; `page` picks another page that offers it), or its one
 * path, named after the action. The group it returns takes middleware.
 */
export function action(method: Method, name: ActionName, handler: Handler, page?: RouteName) {
  return router.group(() => {
    const route: ActionRoute = actionRoutes[name]
    if ('path' in route) {
      const actionRoute = router[method](route.path, handler).as(name)
      if (route.path.includes(':id')) actionRoute.where('id', recordIdMatcher)
    } else localized(method, page ?? route.page, handler, route.suffix)
  })
}

const PlaceholderController = () => import('#controllers/pages/placeholder_controller')

/**
 * Every route of the table that no module registered yet: redirects become
 * permanent redirects, the rest render their title and breadcrumb only until
 * their capability is built.
 */
export function registerRemainingPages() {
  for (const name of Object.keys(routeTable) as RouteName[]) {
    if (registered.has(name)) continue
    const entry = routeTable[name]
    if ('redirectTo' in entry && entry.redirectTo) {
      const target = entry.redirectTo as RouteName
      for (const { code } of locales) {
        router
          .get(entry[code], ({ response }) =>
            response.redirect().status(301).toPath(pathFor(target, code))
          )
          .as(`${code === 'en' ? '' : 'tr.'}${name}`)
      }
      registered.add(name)
      continue
    }
    localized('get', name, [PlaceholderController, 'show'])
  }
}
