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
    const labelled = { ...field, name: this.label(String(field.name)) } as FieldContext
    let labelledMeta =
      meta && typeof meta.otherField === 'string'
        ? { ...meta, otherField: this.label(meta.otherField) }
        : meta
    // File rules give their size as bytes-with-unit ("10mb"): written as people read it (10 MB).
    if (labelledMeta && typeof labelledMeta.size === 'string')
      labelledMeta = { ...labelledMeta, size: readableSize(labelledMeta.size) }
    // File rules give their extensions as a list.
    if (labelledMeta && Array.isArray(labelledMeta.extnames))
      labelledMeta = { ...labelledMeta, extnames: labelledMeta.extnames.join(', ') }
    // A resource may word a rule of its own field (`crud.<resource>.messages.<field>.<rule>`),
    // before the shared per-field messages (`device_id.required` is the inventory's).
    const own = this.#resourceKey
      ? `crud.${this.#resourceKey}.messages.${field.wildCardPath}.${rule}`
      : null
    if (own && this.#i18n.resolveIdentifier(own))
      return this.#i18n.t(own, { ...labelledMeta, field: labelled.name })
    return this.#inner.getMessage(defaultMessage, rule, labelled, labelledMeta)
  }
}

/** "10mb" -> "10 MB", "512kb" -> "512 KB"; anything else unchanged. */
export function readableSize(size: string) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)\s*$/i.exec(size)
  return match ? `${match[1]} ${match[2].toUpperCase()}` : size
}
