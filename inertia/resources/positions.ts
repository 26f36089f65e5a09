import type { ResourceClient } from '~/crud/types'

/** Raw positions (history/tracking): read-only. */
export const positionsClient: ResourceClient = { key: 'positions' }
