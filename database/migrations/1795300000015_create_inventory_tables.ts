import { BaseSchema } from '@adonisjs/lucid/schema'

/** Inventory items (spec §3) and their assignment to vehicles and drivers. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('inventory_items', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('name', 200).notNullable()
      table.string('type', 16).notNullable().defaultTo('returnable')
      table.string('category', 100).nullable()
      table.integer('quantity').notNullable().defaultTo(1)
      table.bigInteger('purchase_price_cents').nullable()
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.date('purchase_date').nullable()
      table.string('supplier', 200).nullable()
      table.string('location', 200).nullable()
      table.text('description').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'name'])
    })
    this.schema.createTable('inventory_assignments', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table
        .integer('inventory_item_id')
        .notNullable()
        .references('id')
        .inTable('inventory_items')
        .onDelete('CASCADE')
      table.integer('device_id').nullable().references('id').inTable('devices').onDelete('SET NULL')
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('SET NULL')
      table.integer('assigned_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.date('assigned_at').notNullable()
      table.date('returned_at').nullable()
      table.boolean('is_returned').notNullable().defaultTo(false)
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'assigned_at'])
    })
  }

  async down() {
    this.schema.dropTable('inventory_assignments')
    this.schema.dropTable('inventory_items')
  }
}
