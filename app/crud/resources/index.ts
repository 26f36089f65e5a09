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
import { fleetFlowResources } from '#crud/resources/fleet_flow'

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

/** Every resource, for the checks that run over all of them (i18n keys, tests). */
export const allResources: ResourceDescriptor[] = [
  devicesResource,
  driversResource,
  deviceGroupsResource,
  positionsResource,
  inventoryItemsResource,
  inventoryAssignmentsResource,
  ...Object.values(referenceLists),
  ...fleetFlowResources,
]
