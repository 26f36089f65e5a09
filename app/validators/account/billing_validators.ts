import vine from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import { EXTENSION_MONTHS } from '#shared/subscription_pricing'
import { productKeys, MAX_QUANTITY } from '#shared/quote_pricing'
import { paymentMethods } from '#models/billing_profile'

/** Field labels of the billing forms (billing.fields.*), then the shared ones. */
export class BillingMessagesProvider extends FieldLabelMessagesProvider {
  readonly #i18n: I18n
  constructor(i18n: I18n) {
    super(i18n)
    this.#i18n = i18n
  }

  label(name: string): string {
    const key = `billing.fields.${name.replace(/\.\d+$/, '').replace(/^quantities\./, 'quantities')}`
    if (this.#i18n.resolveIdentifier(key)) return this.#i18n.t(key)
    return super.label(name)
  }
}

const code = vine.string().trim().toUpperCase().maxLength(40).optional()

export const extensionOrderValidator = vine.create({
  subscription_ids: vine
    .array(vine.number().withoutDecimals().positive().max(2147483647))
    .minLength(1)
    .maxLength(10000),
  months: vine.enum(EXTENSION_MONTHS.map(String) as [string, ...string[]]),
  code,
})

export const productOrderValidator = vine.create({
  quantities: vine.object(
    Object.fromEntries(
      productKeys.map((key) => [
        key,
        vine.number().withoutDecimals().min(0).max(MAX_QUANTITY).optional(),
      ])
    )
  ),
  code,
})

export const paymentSettingsValidator = vine.create({
  contact_name: vine.string().trim().maxLength(200).optional(),
  billing_email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
  payment_method: vine.enum(paymentMethods),
})

export const supportRequestValidator = vine.create({
  request_subject: vine.string().trim().minLength(3).maxLength(200),
  request_message: vine.string().trim().minLength(10).maxLength(5000),
})

export const subscriptionFilterValidator = vine.create({
  within: vine.enum(['30', '60', '90']).optional(),
  code,
})

export const discountCodeValidator = vine.create({
  code: vine
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,40}$/)
    .unique({ table: 'discount_codes', column: 'code' }),
  kind: vine.enum(['percent', 'fixed']),
  value: vine.number().withoutDecimals().min(1).max(1_000_000),
  valid_from: vine.date({ formats: ['YYYY-MM-DD'] }).optional(),
  valid_until: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrSameAs('valid_from')
    .optional(),
  max_uses: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
})
