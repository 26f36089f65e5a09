/*
| The fleet's records (tyres, expenses, accidents, insurance, paperwork, fines, rentals,
| services, maintenance records and schedule): one resource table each, with its files.
*/
import { resourceRoutes } from '#start/routes/resource_routes'
import { fleetRecords } from '#crud/resources/index'

for (const [page, resource] of Object.entries(fleetRecords)) {
  resourceRoutes(page as keyof typeof fleetRecords, resource)
}
