import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A saved command of a company for one tracker protocol: a name and the command text. */
export default class CommandTemplate extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
  @column()
  declare companyId: number
  @column()
  declare protocol: string
  @column()
  declare name: string
  @column()
  declare text: string
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
