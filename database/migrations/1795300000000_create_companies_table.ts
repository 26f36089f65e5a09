import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS citext')
    this.schema.createTable('companies', (table) => {
      table.increments('id')
      table.string('name', 200).notNullable().unique()
      table.string('contact_email', 254).nullable()
      table.string('contact_phone', 50).nullable()
      table.string('address', 500).nullable()
      table.string('tax_id', 50).nullable()
      table.string('city', 100).nullable()
      table.string('state', 100).nullable()
      table.string('postal_code', 20).nullable()
      table.string('country', 100).nullable()
      table.string('logo_url', 500).nullable()
      table.jsonb('hidden_menus').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.dropTable('companies')
  }
}
