import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { readPeriod } from '#queries/fleet/fleet_flow_reports'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'
import { fleetSummary } from '#queries/fleet/fleet_summary'
import { fleetSummaryForPage } from '#transformers/fleet/fleet_summary_transformer'

/** The fleet summary: one page of the whole fleet's figures for a period (`from`/`to` days). */
export default class FleetSummaryController {
  async show({ inertia, company, auth, request }: HttpContext) {
    if (!company) return inertia.render('crud/sign_in_required', {})
    const timezone = auth.user!.timezone ?? DEFAULT_TIME_ZONE
    const period = readPeriod(request.qs(), timezone, 30)
    const summary = await fleetSummary(company.id, period, timezone, DateTime.now())
    return inertia.render('fleet/fleet_summary', { summary: fleetSummaryForPage(summary) })
  }
}
