import type { ResourceClient } from '~/crud/types'

export const deviceGroupsClient: ResourceClient = {
  key: 'device_groups',
  form: [
    { name: 'name', kind: 'text', required: true, wide: true },
    { name: 'description', kind: 'textarea' },
  ],
}
