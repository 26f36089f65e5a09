import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 30, renewals of "any dated document": a vehicle's paperwork may carry the date it
 * expires; the renewal reminders and the renewals page list it (kind `document`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('paperworks', (table) => {
      table.date('expiry_date').nullable()
    })
  }

  async down() {
    this.schema.alterTable('paperworks', (table) => {
      table.dropColumn('expiry_date')
    })
  }
}
