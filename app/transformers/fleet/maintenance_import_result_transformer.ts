import { BaseTransformer } from '@adonisjs/core/transformers'
import type { RowError } from '#services/maintenance_integration'

/** An import's result with each refused row's reason in words. */
export type MaintenanceImportOutcome = {
  created: number
  errors: (RowError & { message: string })[]
}

/**
 * The maintenance import's result as the integration page shows it: the services created
 * and the rows refused, with the field and why. The page's type is generated from this class
 * (`Data.Fleet.MaintenanceImportResult`).
 */
export default class MaintenanceImportResultTransformer extends BaseTransformer<MaintenanceImportOutcome> {
  toObject() {
    const { created, errors } = this.resource
    return {
      created,
      errors: errors.map((error) => ({
        row: error.row,
        field: error.field,
        key: error.key,
        message: error.message,
      })),
    }
  }
}

export function maintenanceImportResultForPage(outcome: MaintenanceImportOutcome | null) {
  return outcome ? new MaintenanceImportResultTransformer(outcome).toObject() : null
}
