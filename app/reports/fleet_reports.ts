import { reportsOfGroup } from '#reports/registry'

/**
 * The fleet reports (fines, drivers, accidents, vehicles, vehicle checks, maintenance) by page
 * slug: the registered reports of the `fleet` group. Their rules: docs/domain-rules.md, "Fleet
 * reports".
 */
export const fleetReports = Object.fromEntries(
  reportsOfGroup('fleet').map((report) => [report.slug, report])
)
