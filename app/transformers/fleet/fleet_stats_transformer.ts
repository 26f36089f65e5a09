import { BaseTransformer } from '@adonisjs/core/transformers'
import type { fleetStats } from '#queries/fleet/fleet_stats'

/** What the fleet statistics page is made from (the statistics query's answer). */
export type FleetStatsSource = Awaited<ReturnType<typeof fleetStats>>

/**
 * The fleet statistics page: vehicles by status, live status and category, distance per day,
 * open requests and leave requests, the last 30 days' checks and drivers by state. Its type is
 * generated from this class (`Data.Fleet.FleetStats`).
 */
export default class FleetStatsTransformer extends BaseTransformer<FleetStatsSource> {
  toObject() {
    const stats = this.resource
    return {
      vehiclesByStatus: stats.vehiclesByStatus,
      vehiclesByLiveStatus: stats.vehiclesByLiveStatus,
      vehiclesByCategory: stats.vehiclesByCategory,
      distancePerDay: stats.distancePerDay,
      requests: stats.requests,
      leaveRequests: stats.leaveRequests,
      checks: stats.checks,
      driversByState: stats.driversByState,
    }
  }
}

/** The fleet statistics page's props. */
export function fleetStatsForPage(stats: FleetStatsSource) {
  return new FleetStatsTransformer(stats).toObject()
}
