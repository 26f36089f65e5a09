import { BaseTransformer } from '@adonisjs/core/transformers'
import { reportRoute } from '#reports/engine/definition'
import { reportsBySlug } from '#reports/registry'

/** A group of the report catalogue, and the slugs of its reports the member may open. */
export type ReportGroupOfPage = { key: string; slugs: string[]; available: Set<string> }

/**
 * A group of the reports index: each report by its slug and page route, without a link when
 * the member lacks its ability (`Data.Reports.ReportGroup`).
 */
export default class ReportGroupTransformer extends BaseTransformer<ReportGroupOfPage> {
  toObject() {
    const { key, slugs, available } = this.resource
    return {
      key,
      reports: slugs.map((slug) => ({
        slug,
        route: reportRoute(reportsBySlug[slug]),
        available: available.has(slug),
      })),
    }
  }
}
