import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

export const paymentMethods = ['bank_transfer', 'card'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

/** Who receives a company's invoices and how it pays (payment settings page). */
export default class BillingProfile extends BaseModel {
  @column({ isPrimary: true })
  declare companyId: number

  @column()
  declare contactName: string | null

  @column()
  declare billingEmail: string | null

  @column()
  declare paymentMethod: PaymentMethod

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
