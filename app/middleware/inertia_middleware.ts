import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { pageMessages } from '#services/page_messages'
import { enabledSocialProviders } from '#services/social_providers'
import { matchPath, routeTable, type Layout, type RouteName } from '#shared/route_table'
import { alternatesFor } from '#services/alternates'
import { preferencesOf } from '#services/live/user_preferences'
import { hiddenMenusFor } from '#services/menu_permissions'
import { pageFlags } from '#abilities/member'
import { liveChannelsFor } from '#abilities/request_vehicle_scope'
import { reportOfRoute, reportsBySlug } from '#reports/registry'

const reportKeys: ReadonlySet<string> = new Set(
  Object.values(reportsBySlug).map((report) => report.key)
)

/**
 * Props every page receives: the language and its messages, the route the page
 * is (for the language switch and breadcrumbs), the signed-in user and their
 * companies, and one-time flash messages shown as toasts.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext) {
    const matched = matchPath(ctx.request.url())
    const routeName = (matched?.name ?? null) as RouteName | null
    const layout: Layout = routeName ? routeTable[routeName].layout : 'frontend'
    const report = routeName ? reportOfRoute(routeName) : null
    const user = ctx.auth?.user
    const memberships = ctx.memberships ?? []

    return {
      locale: ctx.locale,
      messages: pageMessages(
        ctx.locale,
        layout,
        routeName,
        report ? { key: report.key, keys: reportKeys } : null
      ),
      route: routeName ? { name: routeName, layout, params: matched!.params } : null,
      alternates: alternatesFor(ctx),
      user: user
        ? {
            id: user.id,
            email: user.email,
            displayName: user.displayName,
            confirmed: user.isConfirmed,
          }
        : null,
      // Every date and time on every page: the user's time zone and date format. The live
      // pages read `preferences`; the formatter reads `displayPreferences`, which no page's
      // own props shadow (the tables pass their column preferences as `preferences`).
      preferences: preferencesOf(user),
      displayPreferences: preferencesOf(user),
      company: ctx.company ? { id: ctx.company.id, name: ctx.company.name } : null,
      // What the policy layer allows the member (app/abilities/main.ts): pages ask these.
      can: ctx.company && ctx.membership ? await pageFlags(ctx) : null,
      // The live channels the member follows (the company's, or their vehicle groups').
      liveChannels: ctx.company && ctx.membership ? await liveChannelsFor(ctx) : null,
      companies: memberships.map((membership) => ({
        id: membership.companyId,
        name: membership.company.name,
      })),
      // The menus hidden for this member: their own, their role's or the company's setting.
      hiddenMenus: await hiddenMenusFor(ctx),
      socialProviders: enabledSocialProviders(),
      flash: {
        success: ctx.session?.flashMessages.get('success') ?? null,
        error: ctx.session?.flashMessages.get('error') ?? null,
      },
      errors: this.getValidationErrors(ctx),
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
