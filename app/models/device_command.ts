import { DeviceCommandSchema } from '#database/schema'

export default class DeviceCommand extends DeviceCommandSchema {}
