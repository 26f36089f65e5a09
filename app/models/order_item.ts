import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A line of an order: a vehicle's extension or a catalogue product. */
export default class OrderItem extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare orderId: number

  @column()
  declare subscriptionId: number | null

  @column()
  declare productKey: string | null

  @column()
  declare description: string

  @column()
  declare quantity: number

  @column()
  declare unitCents: number

  @column()
  declare totalCents: number

  @column()
  declare position: number
}
