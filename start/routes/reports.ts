/*
| Reports: the index (with the scheduled reports), one page and one export per report of
| the registry (app/reports/registry.ts). Report routes without a definition yet keep their
| placeholder page. Scheduled reports are written by managers and above.
*/
import router from '@adonisjs/core/services/router'
import { localized } from '#start/routes/localized'
import { reportsBySlug } from '#reports/registry'
import { routeTable, type RouteName } from '#shared/route_table'

const ReportsController = () => import('#controllers/reports/reports_controller')
const ScheduledReportsController = () => import('#controllers/reports/scheduled_reports_controller')

localized('get', 'reports', [ReportsController, 'index'])

for (const slug of Object.keys(reportsBySlug)) {
  const name = `reports.${slug}` as RouteName
  if (!Object.hasOwn(routeTable, name)) continue
  localized('get', name, [ReportsController, 'show'])
  localized('get', name, [ReportsController, 'export'], '/export')
  if (reportsBySlug[slug].map) localized('get', name, [ReportsController, 'map'], '/map')
}

router.group(() => {
  localized('post', 'reports', [ScheduledReportsController, 'store'], '/schedules')
  localized('put', 'reports', [ScheduledReportsController, 'update'], '/schedules/:id')
  localized('delete', 'reports', [ScheduledReportsController, 'destroy'], '/schedules/:id')
  localized('post', 'reports', [ScheduledReportsController, 'sendNow'], '/schedules/:id/send')
  localized('get', 'reports', [ScheduledReportsController, 'preview'], '/schedules/:id/preview')
})
