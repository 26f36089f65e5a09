import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { DateTime } from 'luxon'
import Device from '#models/device'

/** A vehicle's Premium subscription (spec §3 "Subscription"); one per device. */
export default class Subscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare deviceId: number

  @column()
  declare plan: string

  @column()
  declare status: 'active' | 'expired'

  @column.date()
  declare startsOn: DateTime

  @column.date()
  declare endsOn: DateTime | null

  @column()
  declare paidPeriods: number

  @column()
  declare lastExtensionMonths: number | null

  @column()
  declare lastDiscountCode: string | null

  @column.dateTime()
  declare expiredAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Device)
  declare device: BelongsTo<typeof Device>
}
