import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { ResourceWrite } from './resource.js'

/**
 * What every record of a vehicle shares (services, fines, checks…): listed newest first by
 * its date, which the date range filters; found through its vehicle and named by it; written
 * by managers and above. `write` adds to or overrides the write rules (hooks, who may create).
 */
export function vehicleRecord(
  model: LucidModel,
  dateColumn: string,
  options: { order?: 'asc' | 'desc'; write?: Partial<ResourceWrite> } = {}
) {
  return {
    defaultSort: { column: dateColumn, order: options.order ?? ('desc' as const) },
    dateColumn,
    deviceColumn: 'device_id',
    labelColumn: 'device',
    write: { ability: 'manageFleet' as const, model, ...options.write },
  }
}
