/*
| Reports: the index (with the scheduled reports), one page and one export per registered
| report (app/reports/registry.ts), each at its `reports.<slug>` paths of the route table (or
| the route its definition names: the fleet pages' reports) and asking the ability and the
| menu of its definition. Scheduled reports are written by managers and above.
*/
import router from '@adonisjs/core/services/router'
import { localized } from '#start/routes/localized'
import { registeredReports } from '#reports/registry'
import { routeTable } from '#shared/route_table'
import { menuOfRoute } from '#shared/menu_permissions'
import { declareRoute } from '#abilities/route_access'
import { middleware } from '#start/kernel'
import { reportRoute } from '#reports/engine/definition'

const ReportsController = () => import('#controllers/reports/reports_controller')
const ScheduledReportsController = () => import('#controllers/reports/scheduled_reports_controller')

localized('get', 'reports', [ReportsController, 'index'])

for (const report of registeredReports) {
  const name = reportRoute(report)
  if (!Object.hasOwn(routeTable, name)) throw new Error(`No route "${name}" in the route table`)
  // One user's heavy requests run a few at a time (docs/request-limits.md, "One user's share").
  router
    .group(() => {
      localized('get', name, [ReportsController, 'show'])
      localized('get', name, [ReportsController, 'export'], '/export')
      if (report.map) localized('get', name, [ReportsController, 'map'], '/map')
    })
    .use(middleware.heavy())
  if (report.ability) {
    const routes = [name, `${name}.get.export`, ...(report.map ? [`${name}.get.map`] : [])]
    for (const route of routes) {
      declareRoute(route, { menu: menuOfRoute(name) ?? 'reports', ability: report.ability })
    }
  }
}

router.group(() => {
  localized('post', 'reports', [ScheduledReportsController, 'store'], '/schedules')
  localized('put', 'reports', [ScheduledReportsController, 'update'], '/schedules/:id')
  localized('delete', 'reports', [ScheduledReportsController, 'destroy'], '/schedules/:id')
  localized('post', 'reports', [ScheduledReportsController, 'sendNow'], '/schedules/:id/send')
  localized('get', 'reports', [ScheduledReportsController, 'preview'], '/schedules/:id/preview')
})
