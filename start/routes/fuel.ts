/*
| The fuel log: its own table page, which also takes the entries the vehicle page's
| fuel log card adds.
*/
import { resourceRoutes } from '#start/routes/resource_routes'
import { fuelEntriesResource } from '#crud/resources/fuel_entries'

resourceRoutes('fleet.fuel-log', fuelEntriesResource)
