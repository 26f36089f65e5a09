import { BaseModel, column, hasMany, hasOne } from '@adonisjs/lucid/orm'
import type { HasMany, HasOne } from '@adonisjs/lucid/types/relations'
import type { DateTime } from 'luxon'
import OrderItem from '#models/order_item'
import Invoice from '#models/invoice'
import type { PaymentMethod } from '#models/billing_profile'

export type OrderStatus = 'awaiting_payment' | 'paid' | 'cancelled'

/** A subscription extension or a product order; its invoice is issued when it is placed. */
export default class Order extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare kind: 'extension' | 'products'

  @column()
  declare status: OrderStatus

  @column()
  declare paymentMethod: PaymentMethod

  @column()
  declare months: number | null

  @column()
  declare discountCodeId: number | null

  @column()
  declare currency: string

  @column()
  declare netCents: number

  @column()
  declare vatCents: number

  @column()
  declare totalCents: number

  /** The price breakdown as computed when ordered (subscription_pricing). */
  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare pricing: Record<string, unknown>

  @column()
  declare placedBy: number | null

  @column.dateTime()
  declare paidAt: DateTime | null

  @column()
  declare paidBy: number | null

  @column()
  declare paymentReference: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => OrderItem)
  declare items: HasMany<typeof OrderItem>

  @hasOne(() => Invoice)
  declare invoice: HasOne<typeof Invoice>
}
