import vine from '@vinejs/vine'
import { MAX_QUANTITY, QUOTE_TERMS, products } from '#shared/quote_pricing'

const quantity = () => vine.number().withoutDecimals().min(0).max(MAX_QUANTITY).optional()

/** The offer form: quantities per product of the price list, who asks, and the plan term. */
export const quoteRequestValidator = vine.create({
  company_name: vine.string().trim().minLength(2).maxLength(200),
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  note: vine.string().trim().maxLength(2000).optional(),
  term_months: vine.enum(QUOTE_TERMS.map(String)),
  quantities: vine.object(
    Object.fromEntries(products.map((product) => [product.key, quantity()])) as Record<
      (typeof products)[number]['key'],
      ReturnType<typeof quantity>
    >
  ),
})
