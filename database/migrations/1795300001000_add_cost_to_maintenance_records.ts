import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Maintenance records gain what an external maintenance system reports for a completed
 * service (README, "Maintenance integration"): its cost (cents, with currency) and the
 * system's reference, unique per vehicle so the same service is not imported twice.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('maintenance_records', (table) => {
      table.bigInteger('cost_cents').nullable()
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.string('reference', 100).nullable()
    })
    this.schema.raw(
      `CREATE UNIQUE INDEX maintenance_records_reference_unique
         ON maintenance_records (device_id, reference) WHERE reference IS NOT NULL`
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS maintenance_records_reference_unique')
    this.schema.alterTable('maintenance_records', (table) => {
      table.dropColumn('cost_cents')
      table.dropColumn('currency')
      table.dropColumn('reference')
    })
  }
}
