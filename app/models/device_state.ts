import { DeviceStateSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import type { PositionAttributes } from '#tracking/position'

/** The latest known state of a device, written by the ingest pipeline. */
export default class DeviceState extends DeviceStateSchema {
  static table = 'device_states'

  @column()
  declare attributes: PositionAttributes

  @column()
  declare liveStatus: 'moving' | 'idle' | 'stopped'
}
