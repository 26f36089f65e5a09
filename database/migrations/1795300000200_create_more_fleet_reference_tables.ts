import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The rest of the fleet's per-company reference lists (regions, departments and
 * vehicle categories already exist): expense categories, traffic fine types,
 * insurance types, rental companies and service points.
 */
const plainLists = ['expense_categories', 'traffic_fine_types', 'insurance_types']
const contactLists = ['rental_companies', 'service_points']

export default class extends BaseSchema {
  async up() {
    for (const tableName of [...plainLists, ...contactLists]) {
      this.schema.createTable(tableName, (table) => {
        table.increments('id')
        table
          .integer('company_id')
          .notNullable()
          .references('id')
          .inTable('companies')
          .onDelete('CASCADE')
        table.string('name', 200).notNullable()
        if (contactLists.includes(tableName)) {
          table.string('contact_name', 200).nullable()
          table.string('phone', 50).nullable()
          table.string('email', 254).nullable()
          table.string('address', 500).nullable()
          table.string('city', 100).nullable()
        }
        table.text('description').nullable()
        table.timestamp('created_at', { useTz: true }).notNullable()
        table.timestamp('updated_at', { useTz: true }).nullable()
        table.unique(['company_id', 'name'])
      })
    }
  }

  async down() {
    for (const tableName of [...contactLists, ...plainLists].reverse()) {
      this.schema.dropTable(tableName)
    }
  }
}
