import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('users', (table) => {
      table.increments('id')
      table.specificType('email', 'citext').notNullable().unique()
      table.string('password').nullable()
      table.string('full_name', 200).nullable()
      table.string('phone', 50).nullable()
      table.timestamp('email_verified_at', { useTz: true }).nullable()
      table.string('google_id', 100).nullable().unique()
      table.string('facebook_id', 100).nullable().unique()
      table
        .integer('current_company_id')
        .nullable()
        .references('id')
        .inTable('companies')
        .onDelete('SET NULL')
      table.string('locale', 5).notNullable().defaultTo('en')
      table.string('timezone', 64).notNullable().defaultTo('Europe/Istanbul')
      table.string('date_format', 32).notNullable().defaultTo('dd.MM.yyyy')
      table.string('default_map_layer', 32).notNullable().defaultTo('osm')
      table.string('default_home_page', 64).notNullable().defaultTo('backend')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.dropTable('users')
  }
}
