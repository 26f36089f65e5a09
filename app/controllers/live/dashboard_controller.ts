import type { HttpContext } from '@adonisjs/core/http'
import { listRenewals } from '#queries/fleet/renewals'
import {
  alarmsBetween,
  distanceByDay,
  drivingToday,
  expiringLicences,
  fleetStatusCounts,
  recentAlarms,
  todayIn,
} from '#queries/live/dashboard_summary'
import { alarmForList } from '#transformers/live/alarm_transformer'
import { licenceForList } from '#transformers/live/licence_transformer'
import { preferencesOf } from '#services/live/user_preferences'
import { homePageOf } from '#services/account/home_page'
import { pathFor } from '#shared/route_table'
import { maintenanceDue } from '#queries/fleet/maintenance_due'
import { deviceGroupsOf } from '#abilities/vehicle_scope'
import { memberOf } from '#abilities/member'
import { maintenanceItemForCard } from '#transformers/fleet/maintenance_transformer'

/**
 * The back-office home: the fleet's live status, today's driving, alarms and licences that
 * end soon. Each prop is computed on its own so the page can reload only what changed.
 */
export default class DashboardController {
  async show(ctx: HttpContext) {
    const { inertia, company, auth, request, response, locale } = ctx
    // Opening /backend afresh (typed, bookmarked, a link from an e-mail or the public site)
    // lands on the home page of the user's settings; moving inside the back office (an
    // Inertia visit, e.g. the sidebar's Panel) shows the dashboard.
    const home = auth.user ? homePageOf(auth.user) : 'backend'
    if (home !== 'backend' && !request.header('x-inertia')) {
      return response.redirect(pathFor(home, locale))
    }
    const preferences = preferencesOf(auth.user)
    if (!company) return inertia.render('backend/dashboard', {})
    const today = todayIn(preferences.timezone)
    // The figures count only the vehicles the member sees (their vehicle groups).
    const scope = { companyId: company.id, deviceGroupIds: deviceGroupsOf(await memberOf(ctx)) }

    return inertia.render('backend/dashboard', {
      fleet: () => fleetStatusCounts(scope),
      today: async () => {
        const [driving, alarms] = await Promise.all([
          drivingToday(scope, today),
          alarmsBetween(scope, today),
        ])
        return { ...driving, alarms }
      },
      recentAlarms: () => recentAlarms(scope, 10).then((rows) => rows.map(alarmForList)),
      expiringLicences: () =>
        expiringLicences(scope, today).then((rows) =>
          rows.map((row) => licenceForList(row, today))
        ),
      distanceByDay: () => distanceByDay(scope, preferences.timezone, today),
      renewalsDue: () =>
        listRenewals(scope, { today: today.start.toISODate()! }).then((rows) => rows.slice(0, 8)),
      maintenanceDue: () =>
        maintenanceDue(company.id, {
          limit: 8,
          today: today.start.toISODate()!,
          deviceGroupIds: scope.deviceGroupIds,
        }).then((rows) => rows.map(maintenanceItemForCard)),
    })
  }
}
