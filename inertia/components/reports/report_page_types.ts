import type { ReportChartData } from '~/components/reports/report_chart'
import type { ScheduleItem } from '~/components/reports/schedules'
import type { MapSettings } from '~/components/map/types'
import type { ReportColumnView } from '#shared/report_values'
import type { PlaybackColumns } from '#shared/report_links'
import type { RouteName } from '#shared/route_table'

export type ReportInputMeta = {
  name: string
  kind: 'number' | 'text' | 'boolean' | 'enum'
  options: string[]
  multiple: boolean
  optional: boolean
  min: number | null
  max: number | null
  step: number | null
  unit: string | null
  default: string | null
}

export type ReportRowData = Record<string, string | number | boolean | null>

export type ReportMeta = {
  slug: string
  key: string
  columns: {
    name: string
    kind: ReportColumnView['kind']
    unit: ReportColumnView['unit']
    enumValues: string[] | null
    sortable: boolean
  }[]
  /** How the totals that are no column's read (a unit, a currency). */
  totalFields: {
    name: string
    kind: 'number'
    unit: string | null
    currency: string | null
  }[]
  /** Pages the report's page links to beside its description (route names). */
  links: RouteName[]
  scope: ('deviceId' | 'deviceIds' | 'groupId' | 'driverId')[]
  inputs: ReportInputMeta[]
  hasChart: boolean
  /** The page asks for a period and names it (false: a report of the present state). */
  hasPeriod: boolean
  exportRowLimit: number
  playback: PlaybackColumns | null
  /** The time column a row's trip or stop is keyed by on the map; null without a map. */
  map: string | null
}

export type ReportResult = {
  page: {
    data: (ReportRowData & { id: number })[]
    meta: {
      total: number
      totalIsLowerBound: boolean
      page: number
      perPage: number
      lastPage: number
    }
  }
  totals: Record<string, number | null>
  chart: ReportChartData | null
  period: { kind: string; from: string; to: string }
}

export type ReportOptions = {
  vehicles: { id: number; name: string }[]
  groups: { id: number; name: string }[]
  drivers: { id: number; name: string }[]
}

export type ReportPageProps = {
  report: ReportMeta
  input: Record<string, string | string[]>
  result: ReportResult | null
  issues: { field: string; message: string }[]
  options: ReportOptions
  schedules: ScheduleItem[]
  canSchedule: boolean
  /** The tiles of the map beside the table (reports with a map only). */
  mapSettings: MapSettings | null
}

/** The report's parameters in the page's form: one value or a list per name. */
export type ReportInputValues = Record<string, string | string[]>
