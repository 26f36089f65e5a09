import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** An outgoing webhook of a company: events are POSTed to `url`, signed with the secret. */
export default class Webhook extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
  @column()
  declare companyId: number
  @column()
  declare url: string
  /** Encrypted with the app key. */
  @column({ serializeAs: null })
  declare secret: string
  @column()
  declare active: boolean
  @column()
  declare lastError: string | null
  @column.dateTime()
  declare lastDeliveredAt: DateTime | null
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
