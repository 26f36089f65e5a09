import db from '@adonisjs/lucid/services/db'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as vineErrors } from '@vinejs/vine'
import type { MessagesProviderContact } from '@vinejs/vine/types'
import {
  withoutPeriodInput,
  type ReportContext,
  type ReportDefinition,
  type ReportPaging,
  type ReportRun,
} from './definition.js'
import { describeParameters, normalizeInput, type ScopeParameter } from './inputs.js'
import { PeriodError, periodKinds, resolvePeriod, type PeriodInput } from './period.js'
import { maxPeriodDays, spansMoreThan } from '#services/request_limits'

/** A parameter problem as the page and the API show it: the field and a localized message. */
export interface ReportIssue {
  field: string
  message: string
}

/** Bad parameters: the report answers 422 with these localized messages. */
export class ReportParametersError extends Error {
  constructor(readonly issues: ReportIssue[]) {
    super(issues.map((issue) => issue.message).join(' '))
  }
}

export interface RunOptions extends ReportPaging {
  messagesProvider?: MessagesProviderContact
  /** Translates the period errors (`reports.errors.*`). */
  t?: (key: string, data?: Record<string, unknown>) => string
}

const scopeTables: Record<ScopeParameter, string> = {
  deviceId: 'devices',
  deviceIds: 'devices',
  groupId: 'device_groups',
  driverId: 'drivers',
}

/**
 * Validates a report's raw parameters (query string, saved schedule) for a company: 422
 * (ReportParametersError) when they are bad, 404 (E_ROW_NOT_FOUND) when they name another
 * company's vehicle, group or driver. Answers the parameters the report runs with.
 */
export async function checkParameters(
  definition: ReportDefinition<PeriodInput>,
  raw: Record<string, unknown>,
  context: ReportContext,
  options: RunOptions = {}
): Promise<{ input: Record<string, unknown>; params: PeriodInput & Record<string, unknown> }> {
  const described = describeParameters(definition)
  const input = withoutPeriodInput(definition, normalizeInput(raw, described))
  if (!input.period) Object.assign(input, defaultPeriodOf(definition, input, context))
  let params: PeriodInput & Record<string, unknown>
  try {
    params = (await definition.parameters.validate(
      input,
      options.messagesProvider ? { messagesProvider: options.messagesProvider } : undefined
    )) as PeriodInput & Record<string, unknown>
  } catch (error) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const messages = error.messages as { field: string; message: string }[]
      throw new ReportParametersError(
        messages.map(({ field, message }) => ({ field: field.replace(/\.\d+$/, ''), message }))
      )
    }
    throw error
  }
  assertBoundedPeriod(params, context, options)
  await assertOwnScope(params, described.scope, context)
  return { input, params }
}

/**
 * The period of an input that names none: the report's `defaultPeriod` (the last N local days;
 * a `from` or `to` alone is kept and the other bound filled, reversed dates swapped), today's
 * for the others.
 */
function defaultPeriodOf(
  definition: ReportDefinition<PeriodInput>,
  input: Record<string, unknown>,
  context: ReportContext
): Record<string, unknown> {
  if (!definition.defaultPeriod) return { period: 'today' }
  const today = context.now.setZone(context.timezone).startOf('day')
  const day = (value: unknown) => (typeof value === 'string' ? value : null)
  let to = day(input.to) ?? today.toISODate()!
  let from =
    day(input.from) ?? today.minus({ days: definition.defaultPeriod.days - 1 }).toISODate()!
  if (/^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from > to) {
    ;[from, to] = [to, from]
  }
  return { period: 'custom', from, to }
}

/**
 * The period must be valid and at most `maxPeriodDays.report` days long, checked before any
 * query: a report's work grows with its days (some build one row per vehicle and day).
 */
function assertBoundedPeriod(params: PeriodInput, context: ReportContext, options: RunOptions) {
  const translate = (key: string, data?: Record<string, unknown>) =>
    options.t?.(`reports.errors.${key}`, data) ?? `reports.errors.${key}`
  try {
    const period = resolvePeriod(params, context.now, context.timezone)
    if (spansMoreThan(period.from, period.to, maxPeriodDays.report)) {
      throw new ReportParametersError([
        { field: 'to', message: translate('period_too_long', { days: maxPeriodDays.report }) },
      ])
    }
  } catch (error) {
    if (!(error instanceof PeriodError)) throw error
    throw new ReportParametersError([
      {
        field: error.key === 'period_reversed' ? 'to' : 'from',
        message: translate(error.key),
      },
    ])
  }
}

/**
 * The parameters as the report page shows them back: an unknown period kind (`?period=nope`,
 * already answered 422) is shown as today's, so the page still renders.
 */
export function shownInput(input: Record<string, unknown>): Record<string, unknown> {
  const known = (periodKinds as readonly unknown[]).includes(input.period)
  return known ? input : { ...input, period: 'today' }
}

/** Another company's vehicle, group or driver answers like a missing record: 404. */
async function assertOwnScope(
  params: Record<string, unknown>,
  scope: ScopeParameter[],
  context: ReportContext
) {
  const client = context.client ?? db.connection()
  for (const name of scope) {
    const value = params[name]
    if (value === undefined || value === null) continue
    const ids = [...new Set((Array.isArray(value) ? value : [value]).map(Number))]
    if (ids.length === 0) continue
    const groups = context.deviceGroupIds ?? null
    const row = await client
      .from(scopeTables[name])
      .where('company_id', context.companyId)
      .whereIn('id', ids)
      // A vehicle or group outside the member's vehicle groups: 404 like another company's.
      .if(groups && scopeTables[name] === 'devices', (query) =>
        query.whereRaw('group_id = ANY(?::int[])', [groups ?? []])
      )
      .if(groups && scopeTables[name] === 'device_groups', (query) =>
        query.whereRaw('id = ANY(?::int[])', [groups ?? []])
      )
      .count('* as found')
      .first()
    if (Number(row?.found ?? 0) !== ids.length) throw new lucidErrors.E_ROW_NOT_FOUND()
  }
}

/**
 * Runs a report of the registry for a company: parameters validated and checked once (422,
 * 404), then one page
 * (sorted by a column when asked), totals, chart and the stream of every row.
 */
export async function runReport(
  definition: ReportDefinition<PeriodInput>,
  raw: Record<string, unknown>,
  context: ReportContext,
  options: RunOptions = {}
): Promise<ReportRun<PeriodInput> & { input: Record<string, unknown> }> {
  const { input, params } = await checkParameters(definition, raw, context, options)
  // Validated once, above: the report runs the checked parameters.
  const run = await definition.runValidated(params, context, options)
  return Object.assign(run, { input })
}

/** The map of a report of the registry (trips and stops), its parameters checked as for a run. */
export async function runReportMap(
  definition: ReportDefinition<PeriodInput>,
  raw: Record<string, unknown>,
  context: ReportContext,
  options: RunOptions = {}
) {
  const { input } = await checkParameters(definition, raw, context, options)
  return definition.runMap(input, context, options)
}
