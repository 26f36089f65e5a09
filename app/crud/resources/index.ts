import type { ResourceDescriptor } from '#crud/resource'
import { devicesResource } from '#crud/resources/devices'
import { driversResource } from '#crud/resources/drivers'
import { deviceGroupsResource } from '#crud/resources/device_groups'
import { positionsResource } from '#crud/resources/positions'
import { inventoryAssignmentsResource, inventoryItemsResource } from '#crud/resources/inventory'
import { regionsResource } from '#crud/resources/regions'
import { departmentsResource } from '#crud/resources/departments'
import { vehicleCategoriesResource } from '#crud/resources/vehicle_categories'
import { expenseCategoriesResource } from '#crud/resources/expense_categories'
import { trafficFineTypesResource } from '#crud/resources/traffic_fine_types'
import { insuranceTypesResource } from '#crud/resources/insurance_types'
import { rentalCompaniesResource } from '#crud/resources/rental_companies'
import { servicePointsResource } from '#crud/resources/service_points'
import { fuelEntriesResource } from '#crud/resources/fuel_entries'
import {
  accidentsResource,
  expensesResource,
  insurancesResource,
  paperworkResource,
  rentalRecordsResource,
  serviceRecordsResource,
  tireRecordsResource,
  trafficFinesResource,
} from '#crud/resources/fleet_records'
import { driverSummaryResource, vehicleSummaryResource } from '#crud/resources/fleet_summaries'
import {
  maintenanceRecordsResource,
  maintenanceSchedulesResource,
} from '#crud/resources/maintenance'
import { fleetFlowResources } from '#crud/resources/fleet_flow'
import {
  inspectionItemsResource,
  inspectionsResource,
  issuesResource,
  workOrdersResource,
} from '#crud/resources/inspections'

/** The fleet's reference lists, by the page (route name) that serves each. */
export const referenceLists = {
  'fleet.regions': regionsResource,
  'fleet.departments': departmentsResource,
  'fleet.vehicle-categories': vehicleCategoriesResource,
  'fleet.expense-category': expenseCategoriesResource,
  'fleet.traffic-fine-type': trafficFineTypesResource,
  'fleet.insurance-type': insuranceTypesResource,
  'fleet.rental-company': rentalCompaniesResource,
  'fleet.service-points': servicePointsResource,
} as const

/** Per vehicle and per driver: distance, driving time, costs and cost per km. */
export const fleetSummaries = {
  'fleet.vehicle-summary': vehicleSummaryResource,
  'fleet.drivers-summary': driverSummaryResource,
} as const

/** The fleet's records, by the page that serves each. */
export const fleetRecords = {
  'fleet.tires': tireRecordsResource,
  'fleet.expense': expensesResource,
  'fleet.accident': accidentsResource,
  'fleet.insurance': insurancesResource,
  'fleet.paperwork': paperworkResource,
  'fleet.traffic-fines': trafficFinesResource,
  'fleet.rental-records': rentalRecordsResource,
  'fleet.service-records': serviceRecordsResource,
  'fleet.maintenance-records': maintenanceRecordsResource,
  'fleet.maintenance-schedule': maintenanceSchedulesResource,
} as const

/** Every resource, for the checks that run over all of them (i18n keys, tests). */
export const allResources: ResourceDescriptor[] = [
  devicesResource,
  driversResource,
  deviceGroupsResource,
  positionsResource,
  inventoryItemsResource,
  inventoryAssignmentsResource,
  fuelEntriesResource,
  ...Object.values(referenceLists),
  ...Object.values(fleetRecords),
  ...Object.values(fleetSummaries),
  ...fleetFlowResources,
  inspectionItemsResource,
  inspectionsResource,
  issuesResource,
  workOrdersResource,
]
