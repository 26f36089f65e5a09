import { BaseTransformer } from '@adonisjs/core/transformers'
import { exportRowLimit } from '#reports/engine/export_limit'
import type { ReportDefinition, ReportMap, ReportRun } from '#reports/engine/definition'
import { describeParameters } from '#reports/engine/inputs'
import { isSortable } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { totalViews, visibleColumns } from '#reports/engine/exporters/document'
import ReportResultTransformer from '#transformers/reports/report_result_transformer'
import ReportMapTransformer from '#transformers/reports/report_map_transformer'

/** A report of the registry under the slug of its page. */
export type ReportOfPage = { slug: string; definition: ReportDefinition<PeriodInput> }

/**
 * What the report page needs to ask for parameters and show the table, totals and chart; the
 * page's type is generated from this class (`Data.Reports.Report`). The run's page of rows is
 * `ReportResultTransformer`, the map beside the table `ReportMapTransformer`.
 */
export default class ReportTransformer extends BaseTransformer<ReportOfPage> {
  toObject() {
    const { slug, definition } = this.resource
    const described = describeParameters(definition)
    return {
      slug,
      key: definition.key,
      columns: visibleColumns(definition).map(([name, column]) => ({
        name,
        kind: column.kind,
        unit: column.unit ?? null,
        currency: column.currency ?? null,
        enumValues: column.enumValues ? [...column.enumValues] : null,
        sortable: isSortable(definition.columns, name),
      })),
      /** How the totals that are no column's read (a unit, a currency). */
      totalFields: totalViews(definition),
      /** Pages the report links to beside its description (route names). */
      links: [...(definition.links ?? [])],
      scope: described.scope,
      inputs: described.inputs,
      hasChart: typeof definition.chart === 'function',
      /** The page asks for a period and names it; false for a report of the present state. */
      hasPeriod: !definition.withoutPeriod,
      /** The page draws the period's trips and stops on a map beside the table (`map` route). */
      map: typeof definition.map === 'function' ? (definition.playback?.time ?? null) : null,
      /** Rows open the vehicle's history playback at this column's time (README: docs/geocoding.md). */
      playback: definition.playback ?? null,
      /** Above this many rows CSV and XLSX exports are refused; the page says so first. */
      exportRowLimit: exportRowLimit(Object.keys(definition.columns).length),
    }
  }
}

/** What the report page needs to ask for parameters and show the table, totals and chart. */
export function reportMeta(slug: string, definition: ReportDefinition<PeriodInput>) {
  return new ReportTransformer({ slug, definition }).toObject()
}

/** One page of a run: rows with a row id for the grid, paging, totals, chart and the period. */
export function reportResult(run: ReportRun<PeriodInput>) {
  return new ReportResultTransformer(run).toObject()
}

/** The map beside a report's table (ReportsController.map); null for a report without one. */
export function reportMapData(map: ReportMap | null) {
  return map && new ReportMapTransformer(map).toObject()
}
