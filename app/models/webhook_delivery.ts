import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** One event to POST to one webhook, retried with back-off until delivered or given up. */
export default class WebhookDelivery extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
  @column()
  declare webhookId: number
  @column()
  declare companyId: number
  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare payload: Record<string, unknown>
  @column()
  declare status: 'pending' | 'delivered' | 'failed'
  @column()
  declare attempts: number
  @column.dateTime()
  declare nextAttemptAt: DateTime
  @column()
  declare responseStatus: number | null
  @column()
  declare lastError: string | null
  @column.dateTime()
  declare deliveredAt: DateTime | null
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
