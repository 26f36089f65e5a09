/*
| The fleet summary and the maintenance integration (export of records and schedules,
| import of completed services). The fleet reports themselves are served by the report
| pages (start/routes/reports.ts) from the registry.
*/
import { localized } from '#start/routes/localized'

const FleetSummaryController = () => import('#controllers/fleet/fleet_summary_controller')

localized('get', 'fleet.fleet-summary', [FleetSummaryController, 'show'])

const MaintenanceIntegrationController = () =>
  import('#controllers/fleet/maintenance_integration_controller')

localized(
  'get',
  'fleet.maintenance-records',
  [MaintenanceIntegrationController, 'show'],
  '/integration'
)
localized(
  'get',
  'fleet.maintenance-records',
  [MaintenanceIntegrationController, 'export'],
  '/integration/export'
)
localized(
  'post',
  'fleet.maintenance-records',
  [MaintenanceIntegrationController, 'import'],
  '/integration/import'
)
