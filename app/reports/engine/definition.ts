import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import vine from '@vinejs/vine'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type { MessagesProviderContact } from '@vinejs/vine/types'
import type { ColumnKind } from '#crud/resource'
import type { RouteAbility } from '#abilities/main'
import type { RouteName } from '#shared/route_table'
import { parseCoordinates, placeNamer } from '#services/geocoder/reverse_geocoder'
import { cursorBatches } from '#services/db/cursor_batches'
import type { ReportMap } from '#shared/report_map'
import { periodKinds, resolvePeriod, type PeriodInput, type ResolvedPeriod } from './period.js'
import { ReportRunCache, cachedRows } from './run_cache.js'

/**
 * The report slot: a report is declared once with `defineReport` (its parameters as a Vine
 * schema, its typed columns, its rows, totals and chart) and the engine runs it for a company
 * in the user's time zone: one page for the screen, or every row as a stream for exports and
 * scheduled e-mails. Columns use the grid's column kinds, so the same grid shows them.
 */
export interface ReportColumn {
  kind: ColumnKind
  /** How a number reads: metres shown as km, seconds as a duration, km/h. */
  unit?: 'km' | 'km/h' | 'duration'
  /** An amount in this currency (ISO 4217, `money` in app/reports/engine/money.ts). */
  currency?: string
  enumValues?: readonly string[]
  sortable?: boolean
  /**
   * A place named from another column's "latitude, longitude" text (docs/geocoding.md): the
   * company's geofences and buildings, a cached street address, else the nearest town.
   */
  placeOf?: string
  /** Kept in the rows for links (the vehicle of a row), neither shown nor exported. */
  hidden?: boolean
}

/** Who a report runs for: one company, in one time zone, at one instant (no clock inside). */
export interface ReportContext {
  companyId: number
  timezone: string
  now: DateTime
  /** The language places are named in (en when absent). */
  locale?: string
  /** A transaction or another connection; the default connection otherwise. */
  client?: QueryClientContract
  /**
   * The vehicle groups the member running the report is limited to (issue 27); null or
   * absent: every vehicle. Handed to the report as `params.visibleGroupIds`, which the vehicle
   * filters (`whereVehicles`, `vehicleFilterSql`, `vehicleClause`) apply.
   */
  deviceGroupIds?: number[] | null
}

export interface ReportScope<Params> {
  params: Params
  period: ResolvedPeriod
  context: ReportContext
  client: QueryClientContract
}

export interface ChartData {
  type: 'bar' | 'line' | 'pie'
  /** The chart's own title, `reports.<key>.chart.<title>`; the series' names otherwise. */
  title?: string
  labels: string[]
  series: { name: string; data: number[] }[]
}

export type ReportRow = Record<string, string | number | boolean | null>

/**
 * A report's figures beside its rows: a number by name, null where the figure has no value
 * (a cost per km without distance), shown as "—".
 */
export type ReportTotals = Record<string, number | null>

/**
 * How a total that is no column's reads (a column's total reads like its column): a
 * distance, a duration, an amount in a currency ("₺1.234,50" in Turkish).
 */
export type ReportTotalField = Pick<ReportColumn, 'unit' | 'currency'>

/**
 * How the report page asks for one of the report's own parameters (beyond the period and the
 * vehicle, group and driver). Optional: the engine reads the Vine schema by itself (numbers,
 * texts, yes/no, enums and lists of them); this only refines it (a unit, a step, choices).
 */
export interface ReportInput {
  kind?: 'number' | 'text' | 'boolean' | 'enum'
  /** Choices of an enum input; labels `reports.<key>.inputs.<name>.<choice>` when present. */
  options?: readonly string[]
  /** Several choices (an array parameter). */
  multiple?: boolean
  min?: number
  max?: number
  step?: number
  unit?: string
  /** The value the report uses when none is given, shown in the field. */
  default?: number | string
}

export interface ValidateOptions {
  messagesProvider?: MessagesProviderContact
}

/** The slugs of the report pages: the route table's `reports.<slug>` names (EN and TR paths). */
export type ReportSlug = RouteName extends infer Name
  ? Name extends `reports.${infer Slug}`
    ? Slug extends `${string}.${string}`
      ? never
      : Slug
    : never
  : never

/** The groups of the reports index, in the order it shows them. */
export const reportGroupKeys = [
  'trips_activity',
  'speed',
  'alarms_behaviour',
  'fuel',
  'sensors',
  'fleet',
] as const
export type ReportGroupKey = (typeof reportGroupKeys)[number]

export interface ReportSpec<Params extends PeriodInput> {
  /**
   * The report's page: `reports.<slug>` in the route table (its EN and TR paths), and the
   * slug of its exports and schedules. The page, its export route and the controller's
   * lookup are derived from it (start/routes/reports.ts, app/reports/registry.ts).
   */
  slug: string
  /**
   * The page's route when it is not `reports.<slug>` (a fleet page kept at its own EN and TR
   * paths, e.g. `fleet.hr-reports`); its export is `<route>/export`. Its menu is the route's.
   */
  route?: RouteName
  /**
   * The period when the input names none: the last `days` local days up to today (a `from`
   * or `to` alone fills the other bound the same way); today's otherwise.
   */
  defaultPeriod?: { days: number }
  /**
   * A report of the present state, not of a period (the inventory): the engine runs it with
   * today's period whatever the input says (`withoutPeriodInput`), and the page and exports
   * neither ask for a period nor show one. Its `parameters` still spread `periodParameters()`.
   */
  withoutPeriod?: boolean
  /** The group of the reports index it is listed in. */
  group: ReportGroupKey
  /**
   * The ability its page and export ask beyond the reports menu (app/abilities/main.ts);
   * every member of the company when absent.
   */
  ability?: RouteAbility
  /** Stable key: i18n (`reports.<key>.*`). */
  key: string
  /** Validates the raw query/form input into typed parameters (a `vine.create` validator). */
  parameters: { validate(data: unknown, options?: ValidateOptions): Promise<Params> }
  /** Refines how the page asks for the report's own parameters (see ReportInput). */
  inputs?: Record<string, ReportInput>
  columns: Record<string, ReportColumn>
  /**
   * A row opens the history playback of its vehicle (hidden `deviceId` column) at `time` (a
   * datetime column), over the local days from `time` to `until` (when given).
   */
  playback?: { time: string; until?: string }
  /**
   * The rows, scoped to `scope.context.companyId` and the period, ordered with a stable
   * tiebreaker (paging and streaming rely on it). Selected names are the column keys.
   */
  rows(scope: ReportScope<Params>): DatabaseQueryBuilderContract
  totals?(scope: ReportScope<Params>): Promise<ReportTotals>
  /** How totals that are not columns read (see ReportTotalField); plain numbers otherwise. */
  totalFields?: Record<string, ReportTotalField>
  /**
   * Pages the report's page links to beside its description (their route table titles), e.g.
   * the fleet summary's link to the maintenance integration.
   */
  links?: RouteName[]
  chart?(scope: ReportScope<Params>): Promise<ChartData>
  /**
   * Runs once per run before `rows`, `totals` and `chart` (e.g. to compute an aggregate once
   * and answer all three from it).
   */
  prepare?(scope: ReportScope<Params>): Promise<void>
  /**
   * The unsorted page (the rows from `offset`, in `rows` order) without a query, when `prepare`
   * kept the rows (an aggregate snapshot); null to read it from `rows`.
   */
  page?(scope: ReportScope<Params>, offset: number, limit: number): Record<string, unknown>[] | null
  /**
   * The number of rows, when counting the rows query itself would cost too much (e.g. work
   * per row the count does not need); `lowerBound` when the report stopped counting.
   */
  count?(scope: ReportScope<Params>): Promise<{ total: number; lowerBound?: boolean }>
  /** The trips and stops the page draws on a map beside the table (see ReportMap). */
  map?(scope: ReportScope<Params>): Promise<ReportMap>
}

export type { ReportMap }

export interface ReportPaging {
  page?: number
  perPage?: number
  /** A declared column to order by (the other columns then break ties); the report's own order otherwise. */
  sort?: { column: string; order: 'asc' | 'desc' }
  /** Names the fields of validation messages in the request's language. */
  messagesProvider?: MessagesProviderContact
}

export interface ReportRun<Params> {
  params: Params
  period: ResolvedPeriod
  page: {
    rows: ReportRow[]
    /** `totalIsLowerBound`: there are at least `total` rows (the report stopped counting). */
    meta: { page: number; perPage: number; total: number; totalIsLowerBound?: boolean }
  }
  totals: ReportTotals
  chart: ChartData | null
  /** Every row of the report in batches of `batchSize`, for exports. */
  stream(batchSize?: number): AsyncIterable<ReportRow>
}

export interface ReportDefinition<
  Params extends PeriodInput = PeriodInput,
> extends ReportSpec<Params> {
  /** Validates the raw input (`parameters`), then runs it (`runValidated`). */
  run(input: unknown, context: ReportContext, paging?: ReportPaging): Promise<ReportRun<Params>>
  /**
   * Runs parameters `parameters.validate` already answered (the runner checks them once,
   * with the company's scope and the period bounds, and runs them here).
   */
  runValidated(
    params: Params,
    context: ReportContext,
    paging?: ReportPaging
  ): Promise<ReportRun<Params>>
  /** The map of a run (the report's `map`), null for a report without one. */
  runMap(input: unknown, context: ReportContext, paging?: ReportPaging): Promise<ReportMap | null>
}

export { cursorBatches }

export const MAX_PER_PAGE = 500

type ReportScreen = Pick<ReportRun<unknown>, 'page' | 'totals' | 'chart'>

let screens: ReportRunCache<ReportScreen> | null = null

/**
 * Identical report screens answered once within REPORT_CACHE_SECONDS (default 30; 0 in the
 * tests, which change data between runs): see run_cache.ts.
 */
export function reportScreens() {
  screens ??= new ReportRunCache<ReportScreen>({
    ttlMs: env.get('REPORT_CACHE_SECONDS', app.inTest ? 0 : 30) * 1000,
    maxEntries: 200,
  })
  return screens
}

let rowSets: ReportRunCache<ReportRow[]> | null = null

/**
 * Every row of identical runs for their exports (CSV, XLSX, PDF), kept as long as a screen:
 * see `cachedRows` in run_cache.ts.
 */
export function reportRowSets() {
  rowSets ??= new ReportRunCache<ReportRow[]>({
    ttlMs: env.get('REPORT_CACHE_SECONDS', app.inTest ? 0 : 30) * 1000,
    maxEntries: 8,
  })
  return rowSets
}

/** What makes two runs of a report answer the same screen. */
function screenKey(
  key: string,
  context: ReportContext,
  params: unknown,
  period: ResolvedPeriod,
  paging: { page: number; perPage: number; sort: ReportPaging['sort'] }
) {
  return JSON.stringify([
    key,
    context.companyId,
    context.deviceGroupIds ?? null,
    context.timezone,
    context.locale ?? 'en',
    params,
    period.from.toISO(),
    period.to.toISO(),
    paging.page,
    paging.perPage,
    paging.sort ?? null,
  ])
}

/** The period parameters every report accepts; spread them into the report's Vine schema. */
export function periodParameters() {
  const localDate = () =>
    vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/)
  return {
    period: vine.enum(periodKinds),
    from: localDate().optional().requiredWhen('period', '=', 'custom'),
    to: localDate().optional().requiredWhen('period', '=', 'custom'),
  }
}

/**
 * Where a report's page is: `reports.<slug>` of the route table, or its own `route`. A slug
 * without a `reports.<slug>` route must name its route (it does not type-check otherwise).
 */
type ReportPlace<Slug extends string> = Slug extends ReportSlug ? unknown : { route: RouteName }

/** The route a report's page is served at (its export is the same name + `.get.export`). */
export function reportRoute(definition: { slug: string; route?: RouteName }): RouteName {
  return definition.route ?? (`reports.${definition.slug}` as RouteName)
}

export function defineReport<Params extends PeriodInput, const Slug extends string = string>(
  spec: ReportSpec<Params> & { slug: Slug } & ReportPlace<Slug>
): ReportDefinition<Params> {
  /** The run's scope: validated parameters narrowed to the member's groups, and the period. */
  function scopeOf(valid: Params, context: ReportContext): ReportScope<Params> {
    const params = { ...valid }
    if (context.deviceGroupIds) {
      Object.assign(params, { visibleGroupIds: context.deviceGroupIds })
    }
    const period = resolvePeriod(params, context.now, context.timezone)
    return { params, period, context, client: context.client ?? db.connection() }
  }
  const validate = (input: unknown, paging: ReportPaging) =>
    spec.parameters.validate(
      input,
      paging.messagesProvider ? { messagesProvider: paging.messagesProvider } : undefined
    )
  const definition: ReportDefinition<Params> = {
    ...spec,
    async runMap(input, context, paging = {}) {
      if (!spec.map) return null
      const scope = scopeOf(await validate(input, paging), context)
      if (spec.prepare) await spec.prepare(scope)
      return spec.map(scope)
    },
    async run(input, context, paging = {}) {
      const params = await validate(withoutPeriodInput(spec, input), paging)
      return definition.runValidated(params, context, paging)
    },
    async runValidated(valid, context, paging = {}) {
      const scope = scopeOf(valid, context)
      const { params, period } = scope
      // Once per scope: the screen and, when the screen came from the cache, the stream.
      let prepared: Promise<void> | null = null
      const prepare = () => (prepared ??= spec.prepare?.(scope) ?? Promise.resolve())
      const page = Math.max(1, Math.floor(paging.page ?? 1))
      const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(paging.perPage ?? 50)))
      const normalize = (row: Record<string, unknown>) =>
        normalizeRow(spec.columns, row, context.timezone)
      const namePlaces = placeNaming(spec.columns, scope.client, context)

      const ordered = () => sortedRows(spec, scope, paging.sort)

      const screen = async (): Promise<ReportScreen> => {
        await prepare()
        // One after the other: the client may be a transaction (one connection).
        const offset = (page - 1) * perPage
        const sorted = paging.sort !== undefined && isSortable(spec.columns, paging.sort.column)
        const kept = sorted ? null : (spec.page?.(scope, offset, perPage) ?? null)
        const rows = kept ?? (await ordered().offset(offset).limit(perPage))
        const counted = spec.count
          ? await spec.count(scope)
          : await scope.client
              .from(spec.rows(scope).clearOrder().as('report_rows'))
              .count('* as total')
              .first()
              .then((row) => ({ total: Number(row?.total ?? 0), lowerBound: false }))
        const totals = spec.totals ? await spec.totals(scope) : {}
        const chart = spec.chart ? await spec.chart(scope) : null
        return {
          page: {
            rows: await namePlaces(rows.map(normalize)),
            meta: {
              page,
              perPage,
              total: counted.total,
              totalIsLowerBound: counted.lowerBound ?? false,
            },
          },
          totals,
          chart,
        }
      }
      // A transaction (tests, a schedule's own connection) sees its own data: never shared.
      const key = screenKey(spec.key, context, params, period, { page, perPage, sort: paging.sort })
      const shown = context.client
        ? await screen()
        : await reportScreens()
            .get(key, screen)
            .then((kept) => kept.value)
      return {
        params,
        period,
        // A copy: whoever renders it may change its rows.
        page: { rows: shown.page.rows.map((row) => ({ ...row })), meta: { ...shown.page.meta } },
        totals: shown.totals,
        chart: shown.chart,
        stream(batchSize = 1000) {
          const produce = async function* () {
            await prepare()
            for await (const batch of cursorBatches(scope.client, ordered(), batchSize)) {
              yield* await namePlaces(batch.map(normalize))
            }
          }
          // Every row in order, whatever the page: the screen's key without page and size.
          const rowsKey = screenKey(spec.key, context, params, period, {
            page: 0,
            perPage: 0,
            sort: paging.sort,
          })
          return cachedRows(
            reportRowSets(),
            rowsKey,
            { ...shown.page.meta, shared: !context.client },
            produce
          )
        },
      }
    },
  }
  return definition
}

/**
 * The input a report without a period runs with: its period forced to today's (the rows do
 * not read it), any `period`, `from` or `to` given dropped. Other reports' input unchanged.
 */
export function withoutPeriodInput<Input>(
  definition: { withoutPeriod?: boolean },
  input: Input
): Input {
  if (!definition.withoutPeriod || !input || typeof input !== 'object') return input
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) }
  delete rest.from
  delete rest.to
  return { ...rest, period: 'today' } as Input
}

/** Whether a column may order the report: declared, and not marked `sortable: false`. */
export function isSortable(columns: Record<string, ReportColumn>, name: string) {
  return Object.hasOwn(columns, name) && columns[name].sortable !== false
}

/**
 * The report's rows in its own order, or ordered by one of its columns: the rows query as a
 * subquery ordered by that column and then by every other column, so equal values still come
 * in one stable order (paging and streaming rely on it).
 */
function sortedRows<Params extends PeriodInput>(
  spec: ReportSpec<Params>,
  scope: ReportScope<Params>,
  sort: ReportPaging['sort']
): DatabaseQueryBuilderContract {
  if (!sort || !isSortable(spec.columns, sort.column)) return spec.rows(scope)
  const direction = sort.order === 'desc' ? 'desc' : 'asc'
  const nulls = direction === 'asc' ? 'last' : 'first'
  const query = scope.client.from(spec.rows(scope).as('report_rows')).select('report_rows.*')
  query.orderByRaw(`?? ${direction} nulls ${nulls}`, [`report_rows.${sort.column}`])
  for (const name of Object.keys(spec.columns)) {
    if (name !== sort.column) query.orderByRaw(`?? asc nulls last`, [`report_rows.${name}`])
  }
  return query
}

/**
 * Fills the place columns (`placeOf`) of rows with names, a batch at a time; the geocoder is
 * made once per run, on the first batch that has places to name.
 */
function placeNaming(
  columns: Record<string, ReportColumn>,
  client: QueryClientContract,
  context: ReportContext
) {
  const places = Object.entries(columns).flatMap(([name, column]) =>
    column.placeOf ? [{ name, from: column.placeOf }] : []
  )
  let namer: Promise<Awaited<ReturnType<typeof placeNamer>>> | null = null
  return async (rows: ReportRow[]): Promise<ReportRow[]> => {
    if (places.length === 0 || rows.length === 0) return rows
    namer ??= placeNamer(client, context.companyId, context.locale ?? 'en')
    const name = await namer
    for (const place of places) {
      const names = await name(rows.map((row) => parseCoordinates(row[place.from])))
      // Nowhere named (no town within 100 km): the coordinates stand.
      rows.forEach((row, index) => (row[place.name] = names[index] ?? row[place.from]))
    }
    return rows
  }
}

/** Only the declared columns, typed by their kind: numbers as numbers, times in the user's zone. */
function normalizeRow(
  columns: Record<string, ReportColumn>,
  row: Record<string, unknown>,
  zone: string
): ReportRow {
  const result: ReportRow = {}
  for (const [name, column] of Object.entries(columns)) {
    const value = row[name]
    if (value === null || value === undefined) {
      result[name] = null
      continue
    }
    switch (column.kind) {
      case 'number':
        result[name] = Number(value)
        break
      case 'boolean':
        result[name] = Boolean(value)
        break
      case 'datetime':
        result[name] = toDateTime(value, zone).toISO()
        break
      case 'date':
        result[name] = value instanceof Date ? toDateTime(value, zone).toISODate() : String(value)
        break
      default:
        result[name] = String(value)
    }
  }
  return result
}

function toDateTime(value: unknown, zone: string) {
  return value instanceof Date
    ? DateTime.fromJSDate(value, { zone })
    : DateTime.fromISO(String(value), { zone })
}
