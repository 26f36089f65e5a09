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

localized('get', 'fleet.maintenance-integration', [MaintenanceIntegrationController, 'show'])
localized(
  'get',
  'fleet.maintenance-integration',
  [MaintenanceIntegrationController, 'export'],
  '/export'
)
localized(
  'post',
  'fleet.maintenance-integration',
  [MaintenanceIntegrationController, 'import'],
  '/import'
)
