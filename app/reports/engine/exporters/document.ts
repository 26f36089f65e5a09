import type { I18n } from '@adonisjs/i18n'
import db from '@adonisjs/lucid/services/db'
import type { DisplayPreferences } from '#shared/date_format'
import {
  formatPeriod,
  formatReportValue,
  reportTotals,
  type ReportColumnView,
  type ReportTotal,
  type ReportValueContext,
} from '#shared/report_values'
import type { ReportDefinition, ReportRow, ReportRun } from '../definition.js'
import { describeParameters } from '../inputs.js'
import type { PeriodInput } from '../period.js'

/** Everything an export writes: title, parameters and totals for the first page, then the rows. */
export interface ReportDocument {
  slug: string
  title: string
  company: string
  locale: string
  generatedAt: Date
  period: string
  parameters: { label: string; value: string }[]
  columns: (ReportColumnView & { label: string })[]
  totals: ReportTotal[]
  rows: AsyncIterable<ReportRow>
  values: ReportValueContext
  /** `trip-summary-2026-03-04` */
  fileBase: string
}

export function valueContext(
  i18n: I18n,
  definition: ReportDefinition<PeriodInput>,
  preferences: DisplayPreferences
): ReportValueContext {
  // Yes/No and enum values repeat on every row of an export: each is translated once.
  const plain = new Map<string, string>()
  const known = new Map<string, boolean>()
  return {
    locale: i18n.locale,
    preferences,
    reportKey: definition.key,
    t: (key, values) => {
      if (values) return i18n.t(key, values)
      let text = plain.get(key)
      if (text === undefined) plain.set(key, (text = i18n.t(key)))
      return text
    },
    has: (key) => {
      let found = known.get(key)
      if (found === undefined) known.set(key, (found = Boolean(i18n.resolveIdentifier(key))))
      return found
    },
  }
}

/** The columns pages and exports show (hidden ones only serve links). */
export function visibleColumns(definition: ReportDefinition<PeriodInput>) {
  return Object.entries(definition.columns).filter(([, column]) => !column.hidden)
}

export function columnViews(definition: ReportDefinition<PeriodInput>, i18n: I18n) {
  return visibleColumns(definition).map(([name, column]) => ({
    name,
    kind: column.kind as ReportColumnView['kind'],
    unit: column.unit ?? null,
    currency: column.currency ?? null,
    label: i18n.t(`reports.${definition.key}.columns.${name}`),
  }))
}

/** How the totals that are no column's read (`totalFields`): numbers with a unit or currency. */
export function totalViews(definition: ReportDefinition<PeriodInput>) {
  return Object.entries(definition.totalFields ?? {}).map(([name, field]) => ({
    name,
    kind: 'number' as const,
    unit: (field.unit ?? null) as string | null,
    currency: field.currency ?? null,
  }))
}

const scopeTables = {
  deviceId: 'devices',
  deviceIds: 'devices',
  groupId: 'device_groups',
  driverId: 'drivers',
}

/** The parameters as people read them: the period, the vehicles, group and driver by name, the report's own. */
async function parameterLines(
  definition: ReportDefinition<PeriodInput>,
  run: ReportRun<PeriodInput>,
  companyId: number,
  i18n: I18n,
  period: string
) {
  const params = run.params as unknown as Record<string, unknown>
  const described = describeParameters(definition)
  const label = (name: string) => {
    const own = `reports.${definition.key}.parameters.${name}`
    return i18n.resolveIdentifier(own) ? i18n.t(own) : i18n.t(`report_pages.parameters.${name}`)
  }
  // A report without a period (the inventory) names none.
  const lines = definition.withoutPeriod ? [] : [{ label: label('period'), value: period }]
  // One chosen vehicle says which vehicles: "all vehicles" and "all groups" beside it would not.
  const oneVehicle = params.deviceId !== undefined && params.deviceId !== null
  for (const name of described.scope) {
    const value = params[name]
    const ids = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(Number)
    if (ids.length === 0 && oneVehicle && (name === 'deviceIds' || name === 'groupId')) continue
    let text: string
    if (ids.length === 0) {
      text = i18n.t(
        name === 'groupId'
          ? 'report_pages.parameters.all_groups'
          : name === 'driverId'
            ? 'report_pages.parameters.all_drivers'
            : 'report_pages.parameters.all_vehicles'
      )
    } else {
      const rows = await db
        .from(scopeTables[name])
        .where('company_id', companyId)
        .whereIn('id', ids)
        .orderBy('name')
        .select('name')
      text = rows.map((row) => row.name as string).join(', ')
    }
    lines.push({ label: label(name), value: text })
  }
  for (const input of described.inputs) {
    const value = params[input.name]
    if (value === undefined || value === null) continue
    const list = Array.isArray(value) ? value : [value]
    const text = list
      .map((item) => {
        if (input.kind === 'boolean') {
          return i18n.t(item ? 'report_pages.parameters.yes' : 'report_pages.parameters.no')
        }
        const choice = `reports.${definition.key}.inputs.${input.name}.${item}`
        return i18n.resolveIdentifier(choice) ? i18n.t(choice) : String(item)
      })
      .join(', ')
    lines.push({ label: label(input.name), value: input.unit ? `${text} ${input.unit}` : text })
  }
  return lines
}

/** The export of a run, in the request's (or the schedule's) language and the user's format. */
export async function buildReportDocument(options: {
  slug: string
  definition: ReportDefinition<PeriodInput>
  run: ReportRun<PeriodInput>
  i18n: I18n
  preferences: DisplayPreferences
  company: { id: number; name: string }
  now?: Date
}): Promise<ReportDocument> {
  const { slug, definition, run, i18n, preferences, company } = options
  const values = valueContext(i18n, definition, preferences)
  const columns = columnViews(definition, i18n)
  // A report without a period runs with today's: the mail of a schedule names the day.
  const period = formatPeriod(run.period.from.toISO()!, run.period.to.toISO()!, preferences)
  const day = run.period.from.setZone(preferences.timezone).toISODate()
  return {
    slug,
    title: i18n.t(`report_pages.catalogue.${slug}.title`),
    company: company.name,
    locale: i18n.locale,
    generatedAt: options.now ?? new Date(),
    period,
    parameters: await parameterLines(definition, run, company.id, i18n, period),
    columns,
    totals: reportTotals(run.totals, columns, values, totalViews(definition)),
    rows: run.stream(1000),
    values,
    fileBase: `${slug}-${day}`,
  }
}

/** A cell as the PDF and the page show it. */
export function cellText(document: ReportDocument, column: ReportColumnView, value: unknown) {
  return formatReportValue(column, value, document.values)
}
