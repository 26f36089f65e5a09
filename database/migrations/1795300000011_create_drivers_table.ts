import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('drivers', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('name', 200).notNullable()
      table.date('birth_date').nullable()
      table.string('licence_number', 50).nullable()
      table.string('phone', 50).nullable()
      table.string('status', 16).notNullable().defaultTo('active')
      table.string('card_id', 64).nullable()
      table.string('blood_type', 8).nullable()
      table.string('emergency_contact_name', 200).nullable()
      table.string('emergency_contact_phone', 50).nullable()
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['company_id', 'card_id'])
      table.index(['company_id', 'name'])
    })
    this.schema.raw(
      "ALTER TABLE drivers ADD CONSTRAINT drivers_status_check CHECK (status IN ('active', 'passive', 'on_leave'))"
    )
  }

  async down() {
    this.schema.dropTable('drivers')
  }
}
