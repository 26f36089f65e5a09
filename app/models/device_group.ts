import { DeviceGroupSchema } from '#database/schema'

export default class DeviceGroup extends DeviceGroupSchema {}
