import type { I18n } from '@adonisjs/i18n'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import { humanizeField } from '#services/field_label_messages'

/**
 * Validation messages of report parameters and scheduled reports, naming each field by its
 * label in the request's language: the report's own (`reports.<key>.parameters.<field>`),
 * the report pages' (`report_pages.parameters.*`, `report_pages.fields.*`), the shared one,
 * else the field's name in words.
 */
export class ReportMessagesProvider implements MessagesProviderContact {
  readonly #i18n: I18n
  readonly #inner: MessagesProviderContact
  readonly #reportKey: string | null

  constructor(i18n: I18n, reportKey: string | null = null) {
    this.#i18n = i18n
    this.#inner = i18n.createMessagesProvider()
    this.#reportKey = reportKey
  }

  label(name: string): string {
    const base = name.replace(/\.\d+$/, '')
    const keys = [
      this.#reportKey ? `reports.${this.#reportKey}.parameters.${base}` : null,
      `report_pages.parameters.${base}`,
      `report_pages.fields.${base}`,
      `validator.shared.fields.${base}`,
    ]
    for (const key of keys) {
      if (key && this.#i18n.resolveIdentifier(key)) return this.#i18n.t(key)
    }
    return humanizeField(base)
  }

  getMessage(
    defaultMessage: string,
    rule: string,
    field: FieldContext,
    meta?: Record<string, any>
  ): string {
    // An element of a list (deviceIds.0) is named by its list.
    const name = field.isArrayMember
      ? String(field.wildCardPath).replace(/\.\*$/, '')
      : String(field.name)
    const labelled = { ...field, name: this.label(name) } as FieldContext
    const labelledMeta =
      meta && typeof meta.otherField === 'string'
        ? { ...meta, otherField: this.label(meta.otherField) }
        : meta
    return this.#inner.getMessage(defaultMessage, rule, labelled, labelledMeta)
  }
}
