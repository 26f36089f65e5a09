import { UnregisteredDeviceSchema } from '#database/schema'

export default class UnregisteredDevice extends UnregisteredDeviceSchema {}
