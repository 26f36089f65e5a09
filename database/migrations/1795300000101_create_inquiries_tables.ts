import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What visitors send from the public site: contact messages and demo requests (spec §3).
 * They are not tenant data; platform staff read them in the back office.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('contact_messages', (table) => {
      table.increments('id')
      table.string('full_name', 200).nullable()
      table.string('email', 254).notNullable()
      table.string('phone', 40).nullable()
      table.text('message').nullable()
      table.string('locale', 5).notNullable()
      table.string('ip', 64).nullable()
      table.string('user_agent', 500).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['created_at'])
    })

    this.schema.createTable('demo_requests', (table) => {
      table.increments('id')
      table.string('name_or_company', 200).notNullable()
      table.string('email', 254).notNullable()
      table.string('phone', 40).nullable()
      table.integer('vehicle_count').nullable()
      table.string('subject', 40).notNullable()
      table.text('message').nullable()
      table.string('locale', 5).notNullable()
      table.string('ip', 64).nullable()
      table.string('user_agent', 500).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('demo_requests')
    this.schema.dropTable('contact_messages')
  }
}
