import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 30, renewal reminders: a driver's licence has an expiry date, and each renewal reminded
 * of is recorded once (kind, record and the date it was reminded of), so nothing goes twice and
 * a renewed date is reminded of again when its time comes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('drivers', (table) => {
      table.date('licence_expiry_date').nullable()
    })
    this.schema.createTable('renewal_reminders', (table) => {
      table.bigIncrements('id')
      table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('kind', 32).notNullable()
      table.bigInteger('record_id').notNullable()
      table.date('due_date').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['kind', 'record_id', 'due_date'])
      table.index(['company_id'])
    })
  }

  async down() {
    this.schema.dropTable('renewal_reminders')
    this.schema.alterTable('drivers', (table) => {
      table.dropColumn('licence_expiry_date')
    })
  }
}
