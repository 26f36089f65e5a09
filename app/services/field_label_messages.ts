import type { I18n } from '@adonisjs/i18n'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'

/**
 * A field name as people read it when no label is written for it: `inventory_item_id` ->
 * "inventory item", `assigned_at` -> "assigned at". Never the column name itself.
 */
export function humanizeField(name: string) {
  return name
    .replace(/_id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase()
}

/**
 * Validation messages that name each field by its label in the request's language: the
 * resource form's label (`crud.<resource>.fields.<field>`, the table's column header), else
 * the shared one (`validator.shared.fields.<field>`), else the field's name in words. The
 * messages themselves stay those of `validator.shared.messages`.
 */
export class FieldLabelMessagesProvider implements MessagesProviderContact {
  readonly #i18n: I18n
  readonly #inner: MessagesProviderContact
  readonly #resourceKey: string | null

  constructor(i18n: I18n, resourceKey: string | null = null) {
    this.#i18n = i18n
    this.#inner = i18n.createMessagesProvider()
    this.#resourceKey = resourceKey
  }

  label(name: string): string {
    const keys = [
      this.#resourceKey ? `crud.${this.#resourceKey}.fields.${name}` : null,
      `validator.shared.fields.${name}`,
    ]
    for (const key of keys) {
      if (key && this.#i18n.resolveIdentifier(key)) return this.#i18n.t(key)
    }
    return humanizeField(name)
  }

  getMessage(
    defaultMessage: string,
    rule: string,
    field: FieldContext,
    meta?: Record<string, any>
  ): string {
    // A message of one resource's field (`crud.<resource>.messages.<field>.<rule>`) wins over
    // the shared one: "a vehicle or a driver" belongs to inventory assignments, not to every
    // required vehicle.
    const own = this.#resourceKey
      ? `crud.${this.#resourceKey}.messages.${String(field.name)}.${rule}`
      : null
    if (own && this.#i18n.resolveIdentifier(own)) {
      return this.#i18n.t(own, { ...meta, field: this.label(String(field.name)) })
    }
    const labelled = { ...field, name: this.label(String(field.name)) } as FieldContext
    const labelledMeta =
      meta && typeof meta.otherField === 'string'
        ? { ...meta, otherField: this.label(meta.otherField) }
        : meta
    return this.#inner.getMessage(defaultMessage, rule, labelled, labelledMeta)
  }
}
