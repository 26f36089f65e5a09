import db from '@adonisjs/lucid/services/db'
import { fuelEntriesResource } from '#crud/resources/fuel_entries'

/** The choices of the fuel log's form (its lookup fields) for the company. */
export function fuelEntryLookups(companyId: number) {
  return fuelEntriesResource.lookups(db.connection(), { companyId })
}
