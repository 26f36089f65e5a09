import type { ResourceClient } from '~/crud/types'
import { devicesClient } from './devices'
import { driversClient } from './drivers'
import { deviceGroupsClient } from './device_groups'
import { positionsClient } from './positions'
import { inventoryAssignmentsClient, inventoryItemsClient } from './inventory'

/** The client half of each resource, by the key the server sends. */
export const resourceClients: Record<string, ResourceClient> = {
  devices: devicesClient,
  drivers: driversClient,
  device_groups: deviceGroupsClient,
  positions: positionsClient,
  inventory_items: inventoryItemsClient,
  inventory_assignments: inventoryAssignmentsClient,
}
