import type { ResourceClient } from '~/crud/types'
import { devicesClient } from './devices'
import { driversClient } from './drivers'
import { fleetRequestsClient, leaveRequestsClient } from './requests'
import { driverEventsClient } from './driver_events'
import { insurancesClient, maintenanceSchedulesClient } from './fleet_records'
import { inspectionsClient, issuesClient, workOrdersClient } from './inspections'

/**
 * The visual extras of a resource (custom cells, row actions, label links), by
 * the key the server sends. A resource without extras needs no entry: its
 * columns, form and values come from its one declaration in app/crud/resources.
 */
export const resourceClients: Record<string, ResourceClient> = {
  devices: devicesClient,
  drivers: driversClient,
  fleet_requests: fleetRequestsClient,
  leave_requests: leaveRequestsClient,
  driver_events: driverEventsClient,
  maintenance_schedules: maintenanceSchedulesClient,
  insurances: insurancesClient,
  inspections: inspectionsClient,
  fleet_issues: issuesClient,
  work_orders: workOrdersClient,
}
