import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { DateTime } from 'luxon'
import Order from '#models/order'
import type { Locale } from '#shared/locales'
import type {
  InvoiceAmounts,
  InvoiceBank,
  InvoiceLine,
  InvoiceParty,
} from '#services/billing/invoice_snapshot'

const json = { prepare: (value: unknown) => (value === null ? null : JSON.stringify(value)) }

/**
 * An issued invoice: number, seller, buyer, lines and amounts copied when it was issued, so a
 * later price or address change never alters it (the database refuses any UPDATE).
 */
export default class Invoice extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare orderId: number

  @column()
  declare number: string

  @column()
  declare year: number

  @column()
  declare sequence: number

  @column()
  declare locale: Locale

  @column.date()
  declare issuedOn: DateTime

  @column.date()
  declare dueOn: DateTime

  @column(json)
  declare seller: InvoiceParty[]

  @column(json)
  declare buyer: InvoiceParty

  @column(json)
  declare lines: InvoiceLine[]

  @column(json)
  declare amounts: InvoiceAmounts

  @column(json)
  declare bank: InvoiceBank | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => Order)
  declare order: BelongsTo<typeof Order>
}
