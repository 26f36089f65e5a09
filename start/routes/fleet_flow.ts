/*
| Requests and approvals, vehicle checks, CADO records, driver events and fleet statistics
| (the HR, vehicle check and inventory reports are engine reports: start/routes/reports.ts).
*/
import { resourceRoutes } from '#start/routes/resource_routes'
import { action, localized } from '#start/routes/localized'
import { fleetRequestsResource, leaveRequestsResource } from '#crud/resources/requests'
import { successfulVehiclesResource, vehicleChecksResource } from '#crud/resources/vehicle_checks'
import { cadoRecordsResource } from '#crud/resources/cado_records'
import { driverEventsResource } from '#crud/resources/driver_events'

const ApprovalsController = () => import('#controllers/fleet/approvals_controller')
const FleetFlowPagesController = () => import('#controllers/fleet/fleet_flow_pages_controller')

resourceRoutes('fleet.request', fleetRequestsResource)
resourceRoutes('fleet.leave-request', leaveRequestsResource)
action('post', 'fleet.request.decision', [ApprovalsController, 'request'])
action('post', 'fleet.leave-request.decision', [ApprovalsController, 'leave'])

resourceRoutes('fleet.vehicle-check', vehicleChecksResource)
resourceRoutes('fleet.successful-vehicle', successfulVehiclesResource)
resourceRoutes('fleet.cado-records', cadoRecordsResource)
resourceRoutes('fleet.driver-events', driverEventsResource)

localized('get', 'forms.vehicle-check', [FleetFlowPagesController, 'vehicleCheckForm'])
localized('get', 'fleet.stats', [FleetFlowPagesController, 'stats'])
