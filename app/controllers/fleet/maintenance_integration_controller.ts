import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import {
  exportRows,
  importServices,
  ImportFileError,
  MAX_IMPORT_ROWS,
  parseImport,
  recordFields,
  scheduleFields,
  toCsv,
} from '#services/maintenance_integration'
import {
  maintenanceImportResultForPage,
  type MaintenanceImportOutcome,
} from '#transformers/fleet/maintenance_import_result_transformer'

const exportValidator = vine.create({
  data: vine.enum(['records', 'schedules'] as const),
  format: vine.enum(['csv', 'json'] as const),
})

const importValidator = vine.create({
  file: vine.file({ size: '5mb', extnames: ['csv', 'json'] }),
})

/** The import's result as the page shows it: each refused row's reason in words. */
type ShownResult = MaintenanceImportOutcome

/** Names the fields by the integration page's labels (File, Data, Format). */
class IntegrationMessages extends FieldLabelMessagesProvider {
  readonly #i18n: HttpContext['i18n']

  constructor(i18n: HttpContext['i18n']) {
    super(i18n)
    this.#i18n = i18n
  }

  label(name: string): string {
    const own = `fleet_reports.integration.fields.${name}`
    return this.#i18n.resolveIdentifier(own) ? this.#i18n.t(own) : super.label(name)
  }
}

const today = (ctx: HttpContext) =>
  DateTime.now()
    .setZone(ctx.auth.user!.timezone ?? DEFAULT_TIME_ZONE)
    .toISODate()!

/**
 * The maintenance integration page: exports of the maintenance records and schedule (CSV,
 * JSON) for every member, and, for managers and above, the import of completed services.
 */
export default class MaintenanceIntegrationController {
  async show(ctx: HttpContext) {
    const { inertia, company, session } = ctx
    if (!company) return inertia.render('crud/sign_in_required', {})
    const result =
      (session.flashMessages.get('maintenanceImport') as ShownResult | undefined) ?? null
    return inertia.render('fleet/maintenance_integration', {
      canImport: await ctx.bouncer.allows('manageFleet'),
      maxRows: MAX_IMPORT_ROWS,
      result: maintenanceImportResultForPage(result),
    })
  }

  async export(ctx: HttpContext) {
    const { company, request, response } = ctx
    if (!company) return response.notFound()
    const { data, format } = await exportValidator.validate(request.qs(), {
      messagesProvider: new IntegrationMessages(ctx.i18n),
    })
    const rows = await exportRows(data, company.id, today(ctx))
    const name = `maintenance-${data}-${today(ctx)}`
    response.header('Content-Disposition', `attachment; filename="${name}.${format}"`)
    if (format === 'json') {
      response.header('Content-Type', 'application/json; charset=utf-8')
      return response.send(
        JSON.stringify({
          kind: data === 'records' ? 'maintenance_records' : 'maintenance_schedules',
          version: 1,
          exportedAt: DateTime.utc().toISO(),
          items: rows,
        })
      )
    }
    response.header('Content-Type', 'text/csv; charset=utf-8')
    return response.send(toCsv(data === 'records' ? recordFields : scheduleFields, rows))
  }

  async import(ctx: HttpContext) {
    await ctx.bouncer.authorize('manageFleet')
    const { request, response, session, i18n } = ctx
    const { file } = await importValidator.validate(
      { file: request.file('file') },
      { messagesProvider: new IntegrationMessages(i18n) }
    )
    let result: ShownResult
    try {
      const text = await readFile(file.tmpPath!, 'utf-8')
      const rows = parseImport(text, String(file.extname).toLowerCase())
      const imported = await importServices(ctx.company!.id, rows, today(ctx))
      result = {
        created: imported.created,
        errors: imported.errors.map((error) => ({
          ...error,
          message: i18n.t(`fleet_reports.integration.errors.${error.key}`, {
            field: i18n.t(`fleet_reports.integration.fields.${error.field}`),
            ...error.values,
          }),
        })),
      }
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error
      const message = i18n.t(`fleet_reports.integration.file_errors.${error.key}`, {
        max: MAX_IMPORT_ROWS,
      })
      if (!request.header('x-inertia') && request.accepts(['html', 'json']) === 'json') {
        return response.unprocessableEntity({ errors: [{ field: 'file', message }] })
      }
      session.flash('errors', { file: [message] })
      session.flash('error', message)
      return response.redirect().back()
    }
    if (!request.header('x-inertia') && request.accepts(['html', 'json']) === 'json') {
      return response.status(result.errors.length > 0 ? 207 : 200).send(result)
    }
    session.flash('maintenanceImport', result)
    session.flash(
      result.errors.length > 0 ? 'error' : 'success',
      i18n.t('fleet_reports.integration.imported', {
        created: result.created,
        refused: new Set(result.errors.map((error) => error.row)).size,
      })
    )
    return response.redirect().back()
  }
}
