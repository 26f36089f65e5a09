import type { ResourceClient } from '~/crud/types'

/** Vehicles: the label links to the vehicle's detail page. */
export const devicesClient: ResourceClient = {
  key: 'devices',
  rowHref: (row, path) => path('assets.show', { id: String(row.id) }),
}
