/*
| The fleet's records (tyres, expenses, accidents, insurance, paperwork, fines, rentals,
| services, maintenance records and schedule): one resource table each, with its files;
| and the vehicle and driver summaries (read-only).
*/
import { resourceRoutes } from '#start/routes/resource_routes'
import { fleetRecords, fleetSummaries } from '#crud/resources/index'

for (const [page, resource] of Object.entries({ ...fleetRecords, ...fleetSummaries })) {
  resourceRoutes(page as keyof typeof fleetRecords | keyof typeof fleetSummaries, resource)
}
