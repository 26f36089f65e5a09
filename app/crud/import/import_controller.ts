import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import vine from '@vinejs/vine'
import ExcelJS from 'exceljs'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import type { ResourceDescriptor } from '../resource.js'
import { autoMapping, mappingInput, rememberedOf, type Mapping } from './mapping.js'
import { readSheet, SheetError, type Sheet } from './sheet.js'
import {
  checkImport,
  importFieldsOf,
  importable,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_SIZE,
  rememberedMapping,
  rememberMapping,
  writeImport,
  type CheckedImport,
  type ImportField,
} from './resource_import.js'

const uploadValidator = vine.create({
  file: vine.file({ size: MAX_IMPORT_SIZE, extnames: ['csv', 'xlsx', 'txt'] }),
})

/** Names the upload "File" / "Dosya" in messages. */
class ImportMessages extends FieldLabelMessagesProvider {
  readonly #i18n: HttpContext['i18n']
  constructor(i18n: HttpContext['i18n']) {
    super(i18n)
    this.#i18n = i18n
  }
  label(name: string) {
    return name === 'file' ? this.#i18n.t('crud.import.file') : super.label(name)
  }
}

/** A cell of a CSV template (quoted when it holds the separator, a quote or a line break). */
function csvCell(text: string, separator: string) {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * The import of every resource table (routes `<page>/import/...`, app/crud/import/): the
 * template, the dry run that lists each row's errors in the request's language, and the
 * all-or-nothing commit. Only members who may create the resource's records import them,
 * into their own company.
 */
export class ResourceImportController {
  constructor(private readonly resource: ResourceDescriptor) {}

  /** `GET <page>/import/template?format=csv|xlsx`: the field labels as headers, with a help sheet. */
  template = async (ctx: HttpContext) => {
    const resource = await this.importing(ctx)
    if (!resource) return
    const { i18n, response } = ctx
    const fields = importFieldsOf(resource)
    const headers = fields.map((field) => this.label(ctx, resource, field.name))
    const format = ctx.request.input('format') === 'xlsx' ? 'xlsx' : 'csv'
    const name = `${resource.key}-import-template.${format}`
    response.header('content-disposition', `attachment; filename="${name}"`)
    response.header('cache-control', 'no-store')
    if (format === 'csv') {
      // Spreadsheets in Turkish read `;` as the list separator, in English `,`.
      const separator = ctx.i18n.locale === 'tr' ? ';' : ','
      response.header('content-type', 'text/csv; charset=utf-8')
      return response.send(
        '\uFEFF' + headers.map((header) => csvCell(header, separator)).join(separator) + '\r\n'
      )
    }
    const workbook = new ExcelJS.Workbook()
    const title = i18n
      .t(`crud.${resource.key}.title`)
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
    const sheet = workbook.addWorksheet(title || resource.key)
    sheet.addRow(headers).font = { bold: true }
    sheet.columns.forEach((column) => (column.width = 20))
    sheet.views = [{ state: 'frozen', ySplit: 1 }]
    const help = workbook.addWorksheet(i18n.t('crud.import.help_sheet').slice(0, 31))
    help.addRow([
      i18n.t('crud.import.help_column'),
      i18n.t('crud.import.help_required'),
      i18n.t('crud.import.help_format'),
    ]).font = { bold: true }
    for (const [index, field] of fields.entries()) {
      help.addRow([
        headers[index],
        i18n.t(field.needsColumn ? 'crud.table.yes' : 'crud.table.no'),
        this.formatHint(ctx, resource, field),
      ])
    }
    help.columns.forEach((column, index) => (column.width = index === 2 ? 60 : 24))
    response.header(
      'content-type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    return response.send(Buffer.from(await workbook.xlsx.writeBuffer()))
  }

  /** `POST <page>/import/dry-run`: the columns, the mapping and every row's errors; nothing written. */
  dryRun = async (ctx: HttpContext) => {
    const prepared = await this.prepare(ctx)
    if (!prepared) return
    const { resource, sheet, mapping } = prepared
    const checked = await checkImport(ctx, resource, sheet, mapping)
    await rememberMapping(ctx.auth.user!.id, resource, rememberedOf(mapping, sheet.headers))
    return this.report(ctx, resource, sheet, mapping, checked)
  }

  /** `POST <page>/import`: the rows written in one transaction, or none (422) if any fails. */
  commit = async (ctx: HttpContext) => {
    const prepared = await this.prepare(ctx)
    if (!prepared) return
    const { resource, sheet, mapping } = prepared
    const checked = await checkImport(ctx, resource, sheet, mapping)
    await rememberMapping(ctx.auth.user!.id, resource, rememberedOf(mapping, sheet.headers))
    if (checked.missing.length > 0 || checked.rowsWithErrors > 0) {
      ctx.response.status(422)
      return {
        ...this.report(ctx, resource, sheet, mapping, checked),
        message: ctx.i18n.t('crud.import.nothing_imported', { rows: checked.rowsWithErrors }),
      }
    }
    const created = await writeImport(resource, ctx.company!.id, checked.values)
    return { created, message: ctx.i18n.t('crud.import.imported', { count: created }) }
  }

  /** The resource as this member imports it, after the create ability; null when answered. */
  private async importing(ctx: HttpContext): Promise<ResourceDescriptor | null> {
    // Personal fields (a driver's birth date) import only for members with the HR right.
    const resource = (await ctx.bouncer.allows('viewPersonalData'))
      ? this.resource
      : this.resource.withoutPersonalData
    if (!importable(resource)) {
      ctx.response.notFound({
        error: ctx.i18n.t('messages.errors.page_not_found', { path: ctx.request.url() }),
      })
      return null
    }
    const write = resource.write!
    await ctx.bouncer.authorize(write.createAbility ?? write.ability)
    return resource
  }

  /** The uploaded sheet and the mapping to read it with (sent, else remembered or matched). */
  private async prepare(ctx: HttpContext) {
    const resource = await this.importing(ctx)
    if (!resource) return null
    const { file } = await uploadValidator.validate(
      { file: ctx.request.file('file') },
      { messagesProvider: new ImportMessages(ctx.i18n) }
    )
    let sheet: Sheet
    try {
      const buffer = await readFile(file.tmpPath!)
      sheet = await readSheet(buffer, String(file.extname).toLowerCase(), MAX_IMPORT_ROWS)
    } catch (error) {
      if (!(error instanceof SheetError)) throw error
      ctx.response.unprocessableEntity({
        errors: [
          {
            field: 'file',
            message: ctx.i18n.t(`crud.import.file_errors.${error.key}`, {
              max: MAX_IMPORT_ROWS,
            }),
          },
        ],
      })
      return null
    }
    const fields = importFieldsOf(resource)
    const sent = ctx.request.input('mapping')
    let mapping: Mapping | null
    if (sent !== undefined && sent !== null && sent !== '') {
      mapping = mappingInput(sent, fields, sheet.headers.length)
      if (!mapping) {
        ctx.response.unprocessableEntity({
          errors: [{ field: 'mapping', message: ctx.i18n.t('crud.import.mapping_invalid') }],
        })
        return null
      }
    } else {
      const remembered = await rememberedMapping(ctx.auth.user!.id, resource)
      mapping = autoMapping(sheet.headers, fields, remembered)
    }
    return { resource, sheet, mapping }
  }

  private report(
    ctx: HttpContext,
    resource: ResourceDescriptor,
    sheet: Sheet,
    mapping: Mapping,
    checked: CheckedImport
  ) {
    return {
      headers: sheet.headers,
      mapping,
      fields: importFieldsOf(resource).map((field) => ({
        name: field.name,
        label: this.label(ctx, resource, field.name),
        required: field.needsColumn,
      })),
      total: checked.total,
      valid: checked.valid,
      rowsWithErrors: checked.rowsWithErrors,
      errorCount: checked.errorCount,
      errors: checked.errors,
      missing: checked.missing,
    }
  }

  private label(ctx: HttpContext, resource: ResourceDescriptor, name: string) {
    return ctx.i18n.t(`crud.${resource.key}.fields.${name}`)
  }

  /** What a column of the template takes, in words (the help sheet). */
  private formatHint(ctx: HttpContext, resource: ResourceDescriptor, field: ImportField) {
    const { i18n } = ctx
    const spec = field.field
    switch (spec.kind) {
      case 'date':
      case 'datetime':
        return i18n.t('crud.import.hints.date')
      case 'number':
        return i18n.t('crud.import.hints.number')
      case 'money':
        return i18n.t('crud.import.hints.money')
      case 'boolean':
        return i18n.t('crud.import.hints.boolean')
      case 'enum':
        return i18n.t('crud.import.hints.enum', {
          values: (spec.values ?? [])
            .map((value) => i18n.t(`crud.${resource.key}.values.${field.name}.${value}`))
            .join(', '),
        })
      case 'reference':
        return i18n.t(
          spec.lookup?.table === 'devices'
            ? 'crud.import.hints.vehicle'
            : spec.lookup?.members
              ? 'crud.import.hints.member'
              : 'crud.import.hints.reference',
          { field: this.label(ctx, resource, field.name) }
        )
      default:
        return i18n.t('crud.import.hints.text')
    }
  }
}
