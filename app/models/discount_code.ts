import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'
import type { DiscountCodeTerms } from '#shared/subscription_pricing'

/** A discount code for orders (percentage or fixed cents), managed by platform staff. */
export default class DiscountCode extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare kind: 'percent' | 'fixed'

  @column()
  declare value: number

  @column.date()
  declare validFrom: DateTime | null

  @column.date()
  declare validUntil: DateTime | null

  @column()
  declare maxUses: number | null

  @column()
  declare usedCount: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  get terms(): DiscountCodeTerms {
    return {
      code: this.code,
      kind: this.kind,
      value: this.value,
      validFrom: this.validFrom?.toISODate() ?? null,
      validUntil: this.validUntil?.toISODate() ?? null,
      maxUses: this.maxUses,
      usedCount: this.usedCount,
    }
  }
}
