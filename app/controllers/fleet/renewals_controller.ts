import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import { listRenewals, renewalDaysOf } from '#queries/fleet/renewals'
import { preferencesOf } from '#services/live/user_preferences'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { renewalsValidator } from '#validators/fleet/renewals_validator'
import { renewalFiltersOf } from '#transformers/fleet/renewal_filters_transformer'

/**
 * Renewals (issue 30, point 2): every overdue and upcoming insurance end, periodic inspection,
 * exhaust emission, rental end and driver licence expiry of the company, with the days left.
 */
export default class RenewalsController {
  async index(ctx: HttpContext) {
    const scope = await vehicleScopeOf(ctx)
    const input = await ctx.request.validateUsing(renewalsValidator, {
      data: ctx.request.qs(),
      messagesProvider: new SettingsMessagesProvider(ctx.i18n, 'renewals'),
    })
    const today = DateTime.now().setZone(preferencesOf(ctx.auth.user).timezone).toISODate()!
    const reminderDays = await renewalDaysOf(scope.companyId)
    const renewals = await listRenewals(scope, { today, ...input })
    const filters = renewalFiltersOf({ input, reminderDays })
    const wantsJson =
      ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')
    if (wantsJson) return { filters, reminderDays, renewals }
    return ctx.inertia.render('fleet/renewals', { filters, reminderDays, renewals })
  }
}
