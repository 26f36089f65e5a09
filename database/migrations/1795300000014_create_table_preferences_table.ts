import { BaseSchema } from '@adonisjs/lucid/schema'

/** Per user and table: the columns shown and the page size (the table machinery). */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('table_preferences', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('table_key', 64).notNullable()
      table.jsonb('fields').notNullable().defaultTo('[]')
      table.smallint('per_page').nullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'table_key'])
    })
  }

  async down() {
    this.schema.dropTable('table_preferences')
  }
}
