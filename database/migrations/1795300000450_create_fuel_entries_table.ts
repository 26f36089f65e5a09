import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The fuel log (spec §3 fuel entry): one fill-up of a vehicle, with its receipt figures.
 * Money in integer cents (the company's currency), litres to the centilitre, kilometres as read.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('fuel_entries', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table
        .integer('device_id')
        .notNullable()
        .references('id')
        .inTable('devices')
        .onDelete('CASCADE')
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('SET NULL')
      table.date('entry_date').notNullable()
      table.bigInteger('unit_price_cents').nullable()
      table.decimal('litres', 10, 2).notNullable()
      table.bigInteger('total_cents').nullable()
      table.string('voucher_no', 100).nullable()
      table.decimal('total_km', 12, 1).nullable()
      table.decimal('gps_km', 12, 1).nullable()
      table.string('supplier', 200).nullable()
      table.bigInteger('invoice_amount_cents').nullable()
      table.text('note').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'entry_date'])
      table.index(['device_id', 'entry_date'])
    })
  }

  async down() {
    this.schema.dropTable('fuel_entries')
  }
}
