import type { HttpContext } from '@adonisjs/core/http'
import type { SeoInput } from '#services/site/site_page'
import type { RouteName } from '#shared/route_table'

/** A page's title and description from site.meta.<route>. */
export function metaOf({ i18n }: HttpContext, name: RouteName): SeoInput {
  return {
    title: i18n.t(`site.meta.${name}.title`),
    description: i18n.t(`site.meta.${name}.description`),
  }
}
