import type { HttpContext } from '@adonisjs/core/http'
import { PassThrough } from 'node:stream'
import { DateTime } from 'luxon'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { reportGroups, reportOfRoute, reportsBySlug } from '#reports/registry'
import { MAX_PER_PAGE } from '#reports/engine/definition'
import { ReportMessagesProvider } from '#reports/engine/messages'
import {
  ReportParametersError,
  runReport,
  runReportMap,
  shownInput,
  type ReportIssue,
} from '#reports/engine/runner'
import { buildReportDocument } from '#reports/engine/exporters/document'
import {
  exportRowLimit,
  exportTooLarge,
  reportContentTypes,
  writeReportCsv,
  writeReportXlsx,
  type ReportFormat,
} from '#reports/engine/exporters/spreadsheet'
import { renderReportPdf } from '#reports/engine/exporters/pdf'
import { companyIdOf } from '#queries/live/company_scope'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import { reportOptions } from '#queries/reports/report_options'
import { companySchedules } from '#queries/reports/scheduled_reports'
import { mapSettingsOf, preferencesOf } from '#services/live/user_preferences'
import { reportMapData, reportMeta, reportResult } from '#transformers/reports/report_transformer'
import { scheduleItem } from '#transformers/reports/scheduled_report_transformer'
import ReportGroupTransformer from '#transformers/reports/report_group_transformer'
import ReportOptionsTransformer from '#transformers/reports/report_options_transformer'

/** The report of the route (its routes exist only for registered reports; else the 404 page). */
function definitionOf(ctx: HttpContext) {
  const definition = reportOfRoute(ctx.route?.name)
  if (!definition) throw new lucidErrors.E_ROW_NOT_FOUND()
  return { slug: definition.slug, definition }
}

/** The raw query of a report: its parameters, without the table's paging and sort. */
function parametersOf(qs: Record<string, unknown>) {
  const table = new Set(['page', 'perPage', 'sort', 'order', 'format', 'fields'])
  return Object.fromEntries(Object.entries(qs).filter(([name]) => !table.has(name)))
}

async function contextOf(ctx: HttpContext) {
  const preferences = preferencesOf(ctx.auth.user)
  const scope = await vehicleScopeOf(ctx)
  return {
    preferences,
    context: {
      companyId: scope.companyId,
      deviceGroupIds: scope.deviceGroupIds,
      timezone: preferences.timezone,
      now: DateTime.now(),
      locale: ctx.i18n.locale,
    },
  }
}

/** The reports index, each report's page (parameters, table, totals, chart) and its exports. */
export default class ReportsController {
  async index(ctx: HttpContext) {
    const companyId = companyIdOf(ctx)
    const schedules = await companySchedules(companyId)
    // A report asking an ability the member lacks is listed without its link.
    const allowed = async (slug: string) => {
      const ability = reportsBySlug[slug].ability
      return ability ? ctx.bouncer.allows(ability) : true
    }
    const slugs = reportGroups.flatMap((group) => group.slugs)
    const allows = await Promise.all(slugs.map(allowed))
    const available = new Set(slugs.filter((_, index) => allows[index]))
    const groups = reportGroups.map((group) =>
      new ReportGroupTransformer({ ...group, available }).toObject()
    )
    return ctx.inertia.render('reports/index', {
      groups,
      schedules: schedules.map(scheduleItem),
      canSchedule: await ctx.bouncer.allows('scheduleReports'),
    })
  }

  async show(ctx: HttpContext) {
    const { slug, definition } = definitionOf(ctx)
    const { request, response, i18n } = ctx
    const { context } = await contextOf(ctx)
    const qs = request.qs()
    const raw = parametersOf(qs)
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(qs.perPage) || 25))
    const page = Math.max(1, Number(qs.page) || 1)
    const sort =
      typeof qs.sort === 'string' && qs.sort
        ? { column: qs.sort, order: qs.order === 'desc' ? ('desc' as const) : ('asc' as const) }
        : undefined

    let issues: ReportIssue[] = []
    let result: ReturnType<typeof reportResult> | null = null
    let input: Record<string, unknown> = shownInput(raw)
    try {
      const run = await runReport(definition, raw, context, {
        page,
        perPage,
        sort,
        messagesProvider: new ReportMessagesProvider(i18n, definition.key),
        t: (key, data) => i18n.t(key, data),
      })
      input = run.input
      result = reportResult(run)
    } catch (error) {
      if (!(error instanceof ReportParametersError)) throw error
      issues = error.issues
      response.status(422)
    }
    const meta = reportMeta(slug, definition)
    const schedules = await companySchedules(context.companyId, slug)
    return ctx.inertia.render('reports/show', {
      report: meta,
      input: Object.fromEntries(
        Object.entries(input).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.map(String) : String(value),
        ])
      ),
      result,
      issues,
      options: new ReportOptionsTransformer(
        await reportOptions(context.companyId, meta.scope, context.deviceGroupIds)
      ).toObject(),
      schedules: schedules.map(scheduleItem),
      canSchedule: await ctx.bouncer.allows('scheduleReports'),
      mapSettings: definition.map ? mapSettingsOf(ctx.auth.user) : null,
    })
  }

  /**
   * The trips and stops the page draws beside the table (JSON), asked by the page once it is
   * shown: the first rows never wait for them. 404 for a report without a map.
   */
  async map(ctx: HttpContext) {
    const { definition } = definitionOf(ctx)
    if (!definition.map) throw new lucidErrors.E_ROW_NOT_FOUND()
    const { context } = await contextOf(ctx)
    try {
      const map = await runReportMap(definition, parametersOf(ctx.request.qs()), context, {
        messagesProvider: new ReportMessagesProvider(ctx.i18n, definition.key),
      })
      ctx.response.header('cache-control', 'private, no-store')
      return reportMapData(map)
    } catch (error) {
      if (error instanceof ReportParametersError) {
        return ctx.response.unprocessableEntity({ errors: error.issues })
      }
      throw error
    }
  }

  /** CSV and XLSX stream from the report's rows; PDF is printed once the rows are read. */
  async export(ctx: HttpContext) {
    const { slug, definition } = definitionOf(ctx)
    const { request, response, i18n } = ctx
    const format = String(request.qs().format ?? '') as ReportFormat
    if (!Object.hasOwn(reportContentTypes, format)) {
      return response.unprocessableEntity({
        errors: [{ field: 'format', message: i18n.t('report_pages.errors.unknown_format') }],
      })
    }
    const { context, preferences } = await contextOf(ctx)
    let run
    try {
      run = await runReport(definition, parametersOf(request.qs()), context, {
        perPage: 1,
        sort:
          typeof request.qs().sort === 'string' && request.qs().sort
            ? { column: request.qs().sort, order: request.qs().order === 'desc' ? 'desc' : 'asc' }
            : undefined,
        messagesProvider: new ReportMessagesProvider(i18n, definition.key),
        t: (key, data) => i18n.t(key, data),
      })
    } catch (error) {
      if (error instanceof ReportParametersError) {
        return response.unprocessableEntity({ errors: error.issues })
      }
      throw error
    }
    const columns = Object.keys(definition.columns).length
    const { total, totalIsLowerBound } = run.page.meta
    if (exportTooLarge(format, total, columns, totalIsLowerBound)) {
      return response.unprocessableEntity({
        errors: [
          {
            field: 'period',
            message: i18n.t('report_exports.too_many_rows', {
              limit: i18n.formatNumber(exportRowLimit(columns)),
            }),
          },
        ],
      })
    }
    const document = await buildReportDocument({
      slug,
      definition,
      run,
      i18n,
      preferences,
      company: ctx.company!,
    })
    // The columns the table shows, in its order (all of them unless chosen).
    const fields = String(request.qs().fields ?? '')
      .split(',')
      .filter((name) => document.columns.some((column) => column.name === name))
    if (fields.length > 0) {
      document.columns = fields.map((name) =>
        document.columns.find((column) => column.name === name)!
      )
    }
    response.header('content-type', reportContentTypes[format])
    response.header('content-disposition', `attachment; filename="${document.fileBase}.${format}"`)
    response.header('cache-control', 'no-store')
    response.header('x-total-rows', String(run.page.meta.total))
    if (format === 'pdf') {
      return response.send(await renderReportPdf(document))
    }
    const output = new PassThrough()
    const write =
      format === 'csv'
        ? writeReportCsv(output, document, ctx.request.input('separator'))
        : writeReportXlsx(output, document)
    write.catch((error) => output.destroy(error))
    return response.stream(output)
  }
}
