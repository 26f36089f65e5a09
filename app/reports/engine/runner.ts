import db from '@adonisjs/lucid/services/db'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as vineErrors } from '@vinejs/vine'
import type { MessagesProviderContact } from '@vinejs/vine/types'
import type { ReportContext, ReportDefinition, ReportPaging, ReportRun } from './definition.js'
import { describeParameters, normalizeInput, type ScopeParameter } from './inputs.js'
import { PeriodError, type PeriodInput } from './period.js'

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
  t?: (key: string) => string
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
  const input = normalizeInput(raw, described)
  if (!input.period) input.period = 'today'
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
  await assertOwnScope(params, described.scope, context)
  return { input, params }
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
    const row = await client
      .from(scopeTables[name])
      .where('company_id', context.companyId)
      .whereIn('id', ids)
      .count('* as found')
      .first()
    if (Number(row?.found ?? 0) !== ids.length) throw new lucidErrors.E_ROW_NOT_FOUND()
  }
}

/**
 * Runs a report of the registry for a company: parameters checked (422, 404), then one page
 * (sorted by a column when asked), totals, chart and the stream of every row.
 */
export async function runReport(
  definition: ReportDefinition<PeriodInput>,
  raw: Record<string, unknown>,
  context: ReportContext,
  options: RunOptions = {}
): Promise<ReportRun<PeriodInput> & { input: Record<string, unknown> }> {
  const { input } = await checkParameters(definition, raw, context, options)
  try {
    const run = await definition.run(input, context, options)
    return Object.assign(run, { input })
  } catch (error) {
    if (error instanceof PeriodError) {
      const key = `reports.errors.${error.key}`
      throw new ReportParametersError([
        {
          field: error.key === 'period_reversed' ? 'to' : 'from',
          message: options.t?.(key) ?? key,
        },
      ])
    }
    throw error
  }
}
