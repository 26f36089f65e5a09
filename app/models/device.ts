import { DeviceSchema } from '#database/schema'
import { belongsTo, hasOne } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasOne } from '@adonisjs/lucid/types/relations'
import Driver from '#models/driver'
import DeviceGroup from '#models/device_group'
import DeviceState from '#models/device_state'

/** A tracked vehicle and its tracker (spec §3); its live values are in DeviceState. */
export default class Device extends DeviceSchema {
  @belongsTo(() => Driver)
  declare driver: BelongsTo<typeof Driver>

  @belongsTo(() => DeviceGroup, { foreignKey: 'groupId' })
  declare group: BelongsTo<typeof DeviceGroup>

  @hasOne(() => DeviceState, { foreignKey: 'deviceId' })
  declare state: HasOne<typeof DeviceState>
}
