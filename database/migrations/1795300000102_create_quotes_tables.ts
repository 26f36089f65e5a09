import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Quotes requested on the offer page: numbered Q-<year>-<6 digits> from a sequence, amounts
 * in EUR cents as computed by app/shared/quote_pricing.ts at request time (a quote keeps the
 * prices, rate and discounts it was made with). `access_token` makes the quote's link
 * unguessable: numbers are sequential.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE SEQUENCE quote_number_seq START 1')

    this.schema.createTable('quotes', (table) => {
      table.increments('id')
      table.string('number', 20).notNullable().unique()
      table.string('access_token', 64).notNullable()
      table.string('company_name', 200).notNullable()
      table.string('email', 254).notNullable()
      table.text('note').nullable()
      table.string('locale', 5).notNullable()
      table.smallint('term_months').notNullable()
      table.integer('vehicle_count').notNullable()
      table.string('currency', 3).notNullable().defaultTo('EUR')
      table.integer('subtotal_cents').notNullable()
      table.smallint('extra_discount_percent').notNullable()
      table.integer('extra_discount_cents').notNullable()
      table.integer('total_cents').notNullable()
      table.integer('monthly_fee_cents').notNullable()
      table.integer('first_month_discount_cents').notNullable()
      table.integer('total_discount_cents').notNullable()
      table.integer('due_now_cents').notNullable()
      table.decimal('exchange_rate', 12, 4).notNullable()
      table.date('exchange_rate_date').notNullable()
      table.date('valid_until').notNullable()
      table.string('ip', 64).nullable()
      table.string('user_agent', 500).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    this.schema.createTable('quote_items', (table) => {
      table.increments('id')
      table.integer('quote_id').notNullable().references('id').inTable('quotes').onDelete('CASCADE')
      table.string('product_key', 40).notNullable()
      table.integer('quantity').notNullable()
      table.integer('unit_price_cents').notNullable()
      table.integer('total_cents').notNullable()
      table.smallint('position').notNullable()
      table.unique(['quote_id', 'product_key'])
    })
    this.schema.raw(`ALTER TABLE quotes
      ADD CONSTRAINT quotes_term_check CHECK (term_months IN (12, 24))`)
    this.schema.raw(`ALTER TABLE quote_items
      ADD CONSTRAINT quote_items_quantity_check CHECK (quantity > 0)`)
  }

  async down() {
    this.schema.dropTable('quote_items')
    this.schema.dropTable('quotes')
    this.schema.raw('DROP SEQUENCE IF EXISTS quote_number_seq')
  }
}
