import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 30, renewal reminders: the days before a renewal (insurance end, inspection, exhaust
 * emission, rental end, licence expiry) its reminder goes out, a company setting of its own
 * (empty: the maintenance reminder interval, else the server's MAINTENANCE_REMINDER_DAYS).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('company_settings', (table) => {
      table.integer('renewal_reminder_days').nullable()
    })
  }

  async down() {
    this.schema.alterTable('company_settings', (table) => {
      table.dropColumn('renewal_reminder_days')
    })
  }
}
