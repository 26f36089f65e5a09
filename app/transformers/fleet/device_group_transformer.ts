import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A vehicle group as a page offers it to choose from (a command's targets, a geofence's
 * groups, the groups a member is limited to); their type is generated from this class
 * (`Data.Fleet.DeviceGroup`).
 */
export default class DeviceGroupTransformer extends BaseTransformer<{ id: number; name: string }> {
  toObject() {
    return { id: this.resource.id, name: this.resource.name }
  }
}

export function deviceGroupForChoice(group: { id: number; name: string }) {
  return new DeviceGroupTransformer(group).toObject()
}
