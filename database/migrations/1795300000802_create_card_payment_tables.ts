import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Card payments through a provider (README "Card payment"): the checkout sessions opened for
 * an order, and every provider notification already handled (its reference is unique, so a
 * replayed notification is refused).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('payment_sessions', (table) => {
      table.increments('id')
      table.integer('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE')
      table.string('provider', 20).notNullable()
      table.string('token', 200).notNullable()
      table.string('conversation_id', 64).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['provider', 'token'])
    })
    this.schema.createTable('payment_events', (table) => {
      table.increments('id')
      table.string('provider', 20).notNullable()
      table.string('reference', 200).notNullable()
      table.integer('order_id').nullable().references('id').inTable('orders').onDelete('SET NULL')
      table.string('status', 20).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['provider', 'reference'])
    })
  }

  async down() {
    this.schema.dropTable('payment_events')
    this.schema.dropTable('payment_sessions')
  }
}
