import type { HttpContext } from '@adonisjs/core/http'
import { localized } from '#start/routes/localized'
import type { RouteName } from '#shared/route_table'
import type { ResourceDescriptor } from '#crud/resource'
import { ResourceController } from '#crud/resource_controller'
import { declareRoute, type RouteDecision } from '#abilities/route_access'
import { menuOfRoute } from '#shared/menu_permissions'
import { ResourceImportController } from '#crud/import/import_controller'
import { importable } from '#crud/import/resource_import'

/**
 * The resource each page of the route table serves, by the page's route name: the checks that
 * run over every route (tests/functional/policies/vehicle_group_routes.spec.ts) find here which
 * records a route's `:id` names.
 */
export const resourceOfPage = new Map<RouteName, ResourceDescriptor>()

/**
 * Serves a resource on a page of the route table, in both languages:
 * the page, /data (the table query contract, JSON), /data/:id, /export,
 * /preferences, POST / PUT /:id / DELETE /:id for writes, /:id/files/:field for files, and
 * /import/... for tables that import (app/crud/import/).
 */
export function resourceRoutes(pageRoute: RouteName, resource: ResourceDescriptor) {
  const controller = new ResourceController(resource)
  resourceOfPage.set(pageRoute, resource)
  localized('get', pageRoute, withCompany(controller.index, true))
  localized('get', pageRoute, withCompany(controller.data), '/data')
  // One record is read for the edit form; read-only resources (positions have no id) have none.
  if (resource.write) localized('get', pageRoute, withCompany(controller.show), '/data/:id')
  localized('get', pageRoute, withCompany(controller.export), '/export')
  localized('put', pageRoute, withCompany(controller.preferences), '/preferences')
  // Preferences are the member's own; writes are decided by the resource's abilities,
  // which the controller asks (create may need less than change).
  const menu = menuOfRoute(pageRoute) ?? undefined
  declareRoute(`${pageRoute}.put.preferences`, { menu })
  if (resource.write) {
    declareRoute(`${pageRoute}.post`, {
      menu,
      ability: resource.write.createAbility ?? resource.write.ability,
    })
    declareRoute(`${pageRoute}.put.id`, { menu, ability: resource.write.ability })
    declareRoute(`${pageRoute}.delete.id`, { menu, ability: resource.write.ability })
    localized('post', pageRoute, withCompany(controller.store))
    localized('put', pageRoute, withCompany(controller.update), '/:id')
    localized('delete', pageRoute, withCompany(controller.destroy), '/:id')
  }
  if (resource.fileFields.length > 0) {
    localized('get', pageRoute, withCompany(controller.file), '/:id/files/:field')
  }
  if (importable(resource)) importRoutes(pageRoute, resource, menu)
  return controller
}

/**
 * The table's import (app/crud/import/): /import/template (GET), /import/dry-run and /import
 * (POST), for members who may create the resource's records.
 */
function importRoutes(
  pageRoute: RouteName,
  resource: ResourceDescriptor,
  menu: RouteDecision['menu']
) {
  const importer = new ResourceImportController(resource)
  const ability = resource.write!.createAbility ?? resource.write!.ability
  declareRoute(`${pageRoute}.post.import`, { menu, ability })
  declareRoute(`${pageRoute}.post.import.dry-run`, { menu, ability })
  localized('get', pageRoute, withCompany(importer.template), '/import/template')
  localized('post', pageRoute, withCompany(importer.dryRun), '/import/dry-run')
  localized('post', pageRoute, withCompany(importer.commit), '/import')
}

/**
 * Company data needs a company. Pages open to anyone (the fleet-new pages have
 * no sign-in check) show a sign-in prompt to anonymous visitors, and their data
 * endpoints answer 401.
 */
function withCompany(handler: (ctx: HttpContext) => unknown, isPage = false) {
  return (ctx: HttpContext) => {
    if (ctx.company) return handler(ctx)
    if (isPage) return ctx.inertia.render('crud/sign_in_required', {})
    return ctx.response.unauthorized({ error: ctx.i18n.t('messages.errors.unauthenticated') })
  }
}
