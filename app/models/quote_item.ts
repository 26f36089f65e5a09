import { QuoteItemSchema } from '#database/schema'
import type { ProductKey } from '#shared/quote_pricing'

/** One product line of a quote, with the unit price it was quoted at. */
export default class QuoteItem extends QuoteItemSchema {
  declare productKey: ProductKey
}
