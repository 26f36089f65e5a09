import { BaseSchema } from '@adonisjs/lucid/schema'

/** Small per-company lists that vehicles point to: groups, regions, departments, categories. */
export default class extends BaseSchema {
  async up() {
    for (const tableName of ['device_groups', 'regions', 'departments', 'vehicle_categories']) {
      this.schema.createTable(tableName, (table) => {
        table.increments('id')
        table
          .integer('company_id')
          .notNullable()
          .references('id')
          .inTable('companies')
          .onDelete('CASCADE')
        table.string('name', 200).notNullable()
        table.text('description').nullable()
        table.timestamp('created_at', { useTz: true }).notNullable()
        table.timestamp('updated_at', { useTz: true }).nullable()
        table.unique(['company_id', 'name'])
      })
    }
  }

  async down() {
    for (const tableName of ['vehicle_categories', 'departments', 'regions', 'device_groups']) {
      this.schema.dropTable(tableName)
    }
  }
}
