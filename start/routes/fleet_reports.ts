/*
| The maintenance integration (export of records and schedules, import of completed
| services). The fleet reports and the fleet summary are served by the report pages
| (start/routes/reports.ts) from the registry.
*/
import { localized } from '#start/routes/localized'

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
