import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Accounts and billing (README "Accounts and billing"): one subscription per vehicle,
 * discount codes (platform-wide, managed by platform staff), orders and their lines,
 * invoices (an immutable snapshot, numbered without gaps per year from a locked counter
 * row), the company's billing profile, reminders sent, support requests.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('subscriptions', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table
        .integer('device_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('devices')
        .onDelete('CASCADE')
      table.string('plan', 32).notNullable().defaultTo('premium')
      table.string('status', 16).notNullable().defaultTo('active')
      table.date('starts_on').notNullable()
      table.date('ends_on').nullable()
      /** Paid periods so far; 0 = a new vehicle (10 % off its first month). */
      table.integer('paid_periods').notNullable().defaultTo(0)
      table.smallint('last_extension_months').nullable()
      table.string('last_discount_code', 40).nullable()
      table.timestamp('expired_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'ends_on'])
    })
    this.schema.raw(`ALTER TABLE subscriptions
      ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('active', 'expired'))`)

    // One subscription per existing vehicle, ending on its licence end date.
    this.defer(async (db) => {
      await db.rawQuery(`INSERT INTO subscriptions
          (company_id, device_id, plan, status, starts_on, ends_on, paid_periods, created_at, updated_at)
        SELECT company_id, id, 'premium', 'active',
          COALESCE(installation_date, created_at::date), licence_end_date,
          CASE WHEN licence_end_date IS NULL THEN 0 ELSE 1 END, now(), now()
        FROM devices`)
    })

    this.schema.createTable('discount_codes', (table) => {
      table.increments('id')
      table.string('code', 40).notNullable().unique()
      table.string('kind', 8).notNullable()
      table.integer('value').notNullable()
      table.date('valid_from').nullable()
      table.date('valid_until').nullable()
      table.integer('max_uses').nullable()
      table.integer('used_count').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(`ALTER TABLE discount_codes
      ADD CONSTRAINT discount_codes_kind_check CHECK (kind IN ('percent', 'fixed')),
      ADD CONSTRAINT discount_codes_value_check CHECK (value > 0 AND (kind = 'fixed' OR value <= 100))`)

    this.schema.createTable('billing_profiles', (table) => {
      table
        .integer('company_id')
        .primary()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('contact_name', 200).nullable()
      table.string('billing_email', 254).nullable()
      table.string('payment_method', 16).notNullable().defaultTo('bank_transfer')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    this.schema.createTable('orders', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('kind', 16).notNullable()
      table.string('status', 20).notNullable().defaultTo('awaiting_payment')
      table.string('payment_method', 16).notNullable()
      table.smallint('months').nullable()
      table
        .integer('discount_code_id')
        .nullable()
        .references('id')
        .inTable('discount_codes')
        .onDelete('SET NULL')
      table.string('currency', 3).notNullable().defaultTo('EUR')
      table.integer('net_cents').notNullable()
      table.integer('vat_cents').notNullable()
      table.integer('total_cents').notNullable()
      table.jsonb('pricing').notNullable()
      table.integer('placed_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('paid_at', { useTz: true }).nullable()
      table.integer('paid_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('payment_reference', 100).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'created_at'])
    })
    this.schema.raw(`ALTER TABLE orders
      ADD CONSTRAINT orders_kind_check CHECK (kind IN ('extension', 'products')),
      ADD CONSTRAINT orders_status_check CHECK (status IN ('awaiting_payment', 'paid', 'cancelled')),
      ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('bank_transfer', 'card'))`)

    this.schema.createTable('order_items', (table) => {
      table.increments('id')
      table.integer('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE')
      table
        .integer('subscription_id')
        .nullable()
        .references('id')
        .inTable('subscriptions')
        .onDelete('SET NULL')
      table.string('product_key', 40).nullable()
      table.string('description', 300).notNullable()
      table.integer('quantity').notNullable()
      table.integer('unit_cents').notNullable()
      table.integer('total_cents').notNullable()
      table.smallint('position').notNullable().defaultTo(0)
    })

    this.schema.createTable('invoice_counters', (table) => {
      table.integer('year').primary()
      table.integer('last_number').notNullable()
    })

    this.schema.createTable('invoices', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table
        .integer('order_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.string('number', 20).notNullable().unique()
      table.integer('year').notNullable()
      table.integer('sequence').notNullable()
      table.string('locale', 2).notNullable()
      table.date('issued_on').notNullable()
      table.jsonb('seller').notNullable()
      table.jsonb('buyer').notNullable()
      table.jsonb('lines').notNullable()
      table.jsonb('amounts').notNullable()
      table.jsonb('bank').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['year', 'sequence'])
      table.index(['company_id', 'issued_on'])
    })
    // An issued invoice is never changed (it may only go with its company).
    this.schema.raw(`CREATE FUNCTION invoices_immutable() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'an issued invoice cannot be changed'; END $$ LANGUAGE plpgsql`)
    this.schema.raw(`CREATE TRIGGER invoices_immutable BEFORE UPDATE ON invoices
      FOR EACH ROW EXECUTE FUNCTION invoices_immutable()`)

    this.schema.createTable('subscription_reminders', (table) => {
      table.increments('id')
      table
        .integer('subscription_id')
        .notNullable()
        .references('id')
        .inTable('subscriptions')
        .onDelete('CASCADE')
      table.date('ends_on').notNullable()
      table.smallint('days_before').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['subscription_id', 'ends_on', 'days_before'])
    })

    this.schema.createTable('support_requests', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('subject', 200).notNullable()
      table.text('message').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['company_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('support_requests')
    this.schema.dropTable('subscription_reminders')
    this.schema.dropTable('invoices')
    this.schema.raw('DROP FUNCTION IF EXISTS invoices_immutable()')
    this.schema.dropTable('invoice_counters')
    this.schema.dropTable('order_items')
    this.schema.dropTable('orders')
    this.schema.dropTable('billing_profiles')
    this.schema.dropTable('discount_codes')
    this.schema.dropTable('subscriptions')
  }
}
