/*
| The resource tables of the back office: one machinery (app/crud), described
| once per resource and served on every page that lists it.
*/
import { resourceRoutes } from '#start/routes/resource_routes'
import { devicesResource } from '#crud/resources/devices'
import { driversResource } from '#crud/resources/drivers'
import { deviceGroupsResource } from '#crud/resources/device_groups'
import { positionsResource } from '#crud/resources/positions'
import { inventoryAssignmentsResource, inventoryItemsResource } from '#crud/resources/inventory'
import { referenceLists } from '#crud/resources/index'
import router from '@adonisjs/core/services/router'
import { action, localized } from '#start/routes/localized'

const DriverAssignmentsController = () => import('#controllers/fleet/driver_assignments_controller')
const FleetOverviewController = () => import('#controllers/fleet/fleet_overview_controller')
const UnregisteredDevicesController = () =>
  import('#controllers/tracking/unregistered_devices_controller')

for (const page of ['settings.devices', 'fleet.devices', 'assets', 'fleet-new.vehicles'] as const) {
  resourceRoutes(page, devicesResource)
}
for (const page of ['settings.drivers', 'fleet.drivers', 'fleet-new.drivers'] as const) {
  resourceRoutes(page, driversResource)
  action('post', 'drivers.assignment', [DriverAssignmentsController, 'store'], page)
  action('delete', 'drivers.assignment', [DriverAssignmentsController, 'destroy'], page)
}
resourceRoutes('settings.device-groups', deviceGroupsResource)
resourceRoutes('history.tracking', positionsResource)
resourceRoutes('inventory.items', inventoryItemsResource)
resourceRoutes('inventory.assignments', inventoryAssignmentsResource)
for (const [page, resource] of Object.entries(referenceLists)) {
  resourceRoutes(page as keyof typeof referenceLists, resource)
}

router.group(() => {
  localized('get', 'settings.unregistered-devices', [UnregisteredDevicesController, 'index'])
})

localized('get', 'fleet-new', [FleetOverviewController, 'show'])
