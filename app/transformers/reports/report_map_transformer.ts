import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ReportMap } from '#shared/report_map'

/**
 * The trips and stops a report draws beside its table (ReportsController.map, fetched by the
 * page): `Data.Reports.ReportMap`, a trip's path kept as [lat, lon] pairs (`LatLon`).
 */
export default class ReportMapTransformer extends BaseTransformer<ReportMap> {
  toObject() {
    const map = this.resource
    return { trips: map.trips, stops: map.stops, truncated: map.truncated }
  }
}
