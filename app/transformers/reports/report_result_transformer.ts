import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ReportRun } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'

/**
 * One page of a report's run: rows with a row id for the grid, paging, totals, chart and the
 * period; the report page's type is generated from this class (`Data.Reports.ReportResult`).
 */
export default class ReportResultTransformer extends BaseTransformer<ReportRun<PeriodInput>> {
  toObject() {
    const run = this.resource
    const { page, perPage, total } = run.page.meta
    return {
      page: {
        data: run.page.rows.map((row, index) => ({ ...row, id: (page - 1) * perPage + index + 1 })),
        meta: {
          total,
          totalIsLowerBound: run.page.meta.totalIsLowerBound ?? false,
          page,
          perPage,
          lastPage: Math.max(1, Math.ceil(total / perPage)),
        },
      },
      totals: run.totals,
      chart: run.chart,
      period: { kind: run.period.kind, from: run.period.from.toISO()!, to: run.period.to.toISO()! },
    }
  }
}
