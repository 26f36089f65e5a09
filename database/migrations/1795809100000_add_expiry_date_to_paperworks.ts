import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 30, point 2 ("any dated document"): a vehicle's document may expire (a permit, a
 * tachograph calibration, a licence plate card); its expiry is a renewal like an insurance end.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('paperworks', (table) => {
      table.date('expiry_date').nullable()
      table.index(['company_id', 'expiry_date'])
    })
  }

  async down() {
    this.schema.alterTable('paperworks', (table) => {
      table.dropIndex(['company_id', 'expiry_date'])
      table.dropColumn('expiry_date')
    })
  }
}
