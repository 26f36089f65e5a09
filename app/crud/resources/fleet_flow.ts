import { fleetRequestsResource, leaveRequestsResource } from '#crud/resources/requests'
import { successfulVehiclesResource, vehicleChecksResource } from '#crud/resources/vehicle_checks'
import { cadoRecordsResource } from '#crud/resources/cado_records'
import { driverEventsResource } from '#crud/resources/driver_events'

/** The resources of requests and approvals, vehicle checks, CADO records and driver events. */
export const fleetFlowResources = [
  fleetRequestsResource,
  leaveRequestsResource,
  vehicleChecksResource,
  successfulVehiclesResource,
  cadoRecordsResource,
  driverEventsResource,
]
