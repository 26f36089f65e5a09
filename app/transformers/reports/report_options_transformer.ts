import { BaseTransformer } from '@adonisjs/core/transformers'

type Choice = { id: number; name: string }

/** The company's vehicles, groups and drivers a report can be run for (`reportOptions`). */
export type ReportChoices = { vehicles: Choice[]; groups: Choice[]; drivers: Choice[] }

/**
 * The report page's pickers of vehicles, groups and drivers (empty for the ones the report
 * does not take): `Data.Reports.ReportOptions`.
 */
export default class ReportOptionsTransformer extends BaseTransformer<ReportChoices> {
  toObject() {
    const choices = (list: Choice[]) => list.map((item) => ({ id: item.id, name: item.name }))
    const { vehicles, groups, drivers } = this.resource
    return { vehicles: choices(vehicles), groups: choices(groups), drivers: choices(drivers) }
  }
}
