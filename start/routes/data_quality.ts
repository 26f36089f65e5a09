/*
| Issue 25: odometer corrections (settings, and the vehicle page's form) and the fleet's data
| quality page. Who may use them: app/abilities/route_access.ts.
*/
import { action, localized } from '#start/routes/localized'

const OdometerCorrectionsController = () =>
  import('#controllers/fleet/odometer_corrections_controller')
const DataQualityController = () => import('#controllers/fleet/data_quality_controller')

localized('get', 'settings.odometer-corrections', [OdometerCorrectionsController, 'index'])
localized('post', 'settings.odometer-corrections', [OdometerCorrectionsController, 'store'])
action('post', 'assets.odometer', [OdometerCorrectionsController, 'storeForVehicle'])

localized('get', 'fleet.data-quality', [DataQualityController, 'show'])
