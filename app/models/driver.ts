import { DriverSchema } from '#database/schema'
import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Device from '#models/device'

export default class Driver extends DriverSchema {
  @hasMany(() => Device)
  declare devices: HasMany<typeof Device>
}
