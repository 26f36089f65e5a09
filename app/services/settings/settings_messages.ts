import type { I18n } from '@adonisjs/i18n'
import type { FieldContext } from '@vinejs/vine/types'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'

/**
 * Validation messages of the settings pages: field labels from `settings.<page>.fields.*`,
 * messages of their own from `settings.<page>.validation.<field>.<rule>`,
 * `settings.<page>.validation.<rule>`, `settings.validation.<field>.<rule>` or
 * `settings.validation.<rule>`, else the shared ones.
 */
export class SettingsMessagesProvider extends FieldLabelMessagesProvider {
  readonly #i18n: I18n
  readonly #page: string

  constructor(i18n: I18n, page: string) {
    super(i18n)
    this.#i18n = i18n
    this.#page = page
  }

  label(name: string): string {
    const key = `settings.${this.#page}.fields.${name}`
    if (this.#i18n.resolveIdentifier(key)) return this.#i18n.t(key)
    return super.label(name)
  }

  getMessage(
    defaultMessage: string,
    rule: string,
    field: FieldContext,
    meta?: Record<string, any>
  ): string {
    const keys = [
      `settings.${this.#page}.validation.${field.name}.${rule}`,
      `settings.${this.#page}.validation.${rule}`,
      `settings.validation.${field.name}.${rule}`,
      `settings.validation.${rule}`,
    ]
    for (const key of keys) {
      if (this.#i18n.resolveIdentifier(key)) {
        return this.#i18n.t(key, { ...meta, field: this.label(String(field.name)) })
      }
    }
    return super.getMessage(defaultMessage, rule, field, meta)
  }
}
