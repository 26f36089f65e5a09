import { defineReferenceList } from '#crud/reference_list'
import DeviceGroup from '#models/device_group'

/** Device groups (spec §3): a name and a description; vehicles point to one. */
export const deviceGroupsResource = defineReferenceList({
  key: 'device_groups',
  table: 'device_groups',
  model: DeviceGroup,
  devicesColumn: 'group_id',
})
