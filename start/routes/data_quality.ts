/*
| Issue 25: odometer corrections (settings, and the vehicle page's form) and the fleet's data
| quality page. Who may use them: app/abilities/route_access.ts.
*/
import { action, localized } from '#start/routes/localized'

const OdometerCorrectionsController = () =>
  import('#controllers/fleet/odometer_corrections_controller')
const DataQualityController = () => import('#controllers/fleet/data_quality_controller')
const RenewalsController = () => import('#controllers/fleet/renewals_controller')

localized('get', 'settings.odometer-corrections', [OdometerCorrectionsController, 'index'])
localized('post', 'settings.odometer-corrections', [OdometerCorrectionsController, 'store'])
action('post', 'assets.odometer', [OdometerCorrectionsController, 'storeForVehicle'])

localized('get', 'fleet.data-quality', [DataQualityController, 'show'])

// Issue 30, point 2: the renewals page (every member of the fleet menu; vehicle groups apply).
localized('get', 'fleet.renewals', [RenewalsController, 'index'])
