import { QuoteSchema } from '#database/schema'
import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import QuoteItem from '#models/quote_item'
import type { Locale } from '#shared/locales'

/** A numbered quote requested on the offer page; amounts in EUR cents (spec §1, §3). */
export default class Quote extends QuoteSchema {
  declare locale: Locale

  @hasMany(() => QuoteItem, { foreignKey: 'quoteId' })
  declare items: HasMany<typeof QuoteItem>

  /** TRY per EUR used on the quote (numeric(12,4) is read as a string). */
  get rate(): number {
    return Number(this.exchangeRate)
  }
}
