import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A company's building (spec §3): a name and the point picked on the map. */
export default class Building extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
  @column()
  declare companyId: number
  @column()
  declare name: string
  @column()
  declare latitude: number
  @column()
  declare longitude: number
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
