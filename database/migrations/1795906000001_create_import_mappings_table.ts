import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Per user and table: the column of the spreadsheet each field of an import was last read
 * from (`{ field: header }`), offered again at the next import (app/crud/import/).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('import_mappings', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('table_key', 64).notNullable()
      table.jsonb('mapping').notNullable().defaultTo('{}')
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'table_key'])
    })
  }

  async down() {
    this.schema.dropTable('import_mappings')
  }
}
