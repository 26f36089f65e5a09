import type { I18n } from '@adonisjs/i18n'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'

/**
 * Validation messages of the geofence and notification forms: a field's label is
 * `alerts.fields.<field>`; a field with a message of its own (`alerts.validation.<field>`,
 * or `.<field>.<rule>`) says that for every rule but "required" and "unique"; anything
 * else is the shared message with the label.
 */
export class AlertsMessagesProvider implements MessagesProviderContact {
  readonly #i18n: I18n
  readonly #shared: FieldLabelMessagesProvider
  readonly #inner: MessagesProviderContact

  constructor(i18n: I18n) {
    this.#i18n = i18n
    this.#shared = new FieldLabelMessagesProvider(i18n)
    this.#inner = i18n.createMessagesProvider()
  }

  label(name: string) {
    const key = `alerts.fields.${name}`
    return this.#i18n.resolveIdentifier(key) ? this.#i18n.t(key) : this.#shared.label(name)
  }

  getMessage(
    defaultMessage: string,
    rule: string,
    field: FieldContext,
    meta?: Record<string, any>
  ): string {
    const top = String(field.wildCardPath || field.name).split('.')[0]
    const values = { ...meta, field: this.label(top) }
    const own = !['required', 'database.unique'].includes(rule) || top !== field.name
    const keys = [`alerts.validation.${top}.${rule}`, own ? `alerts.validation.${top}` : null]
    for (const key of keys) {
      if (key && this.#i18n.resolveIdentifier(key)) return this.#i18n.t(key, values)
    }
    const labelled = { ...field, name: this.label(top) } as FieldContext
    return this.#inner.getMessage(defaultMessage, rule, labelled, meta)
  }
}
