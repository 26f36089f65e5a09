import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Notification rules (spec §3), web push rules and subscriptions, the deliveries queue
 * (sent outside the ingest path, retried with back-off), the quiet-period memory and the
 * in-app inbox.
 */
export default class extends BaseSchema {
  async up() {
    const company = (table: any) =>
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')

    this.schema.createTable('notification_settings', (table) => {
      table.increments('id')
      company(table)
      table.string('name', 100).notNullable()
      // null: every vehicle of the company
      table.integer('device_id').nullable().references('id').inTable('devices').onDelete('CASCADE')
      table.specificType('alarm_codes', 'varchar(16)[]').notNullable().defaultTo('{}')
      // instant | weekly | monthly
      table.string('schedule', 8).notNullable().defaultTo('instant')
      // the channels ("type" of §3): inbox, email, sms
      table.specificType('channels', 'varchar(8)[]').notNullable().defaultTo('{inbox}')
      table.specificType('emails', 'varchar(254)[]').notNullable().defaultTo('{}')
      table.specificType('phones', 'varchar(20)[]').notNullable().defaultTo('{}')
      table.integer('quiet_minutes').notNullable().defaultTo(10)
      table.string('timezone', 64).notNullable().defaultTo('Europe/Istanbul')
      table.string('locale', 2).notNullable().defaultTo('en')
      table.boolean('active').notNullable().defaultTo(true)
      table.timestamp('last_digest_at', { useTz: true }).nullable()
      table.text('last_error').nullable()
      table.timestamp('last_error_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id'])
    })

    this.schema.createTable('push_notification_settings', (table) => {
      table.increments('id')
      company(table)
      table.integer('device_id').nullable().references('id').inTable('devices').onDelete('CASCADE')
      table.specificType('alarm_codes', 'varchar(16)[]').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id'])
    })

    this.schema.createTable('push_subscriptions', (table) => {
      table.increments('id')
      company(table)
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.text('endpoint').notNullable().unique()
      table.string('p256dh', 200).notNullable()
      table.string('auth', 100).notNullable()
      table.string('user_agent', 300).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.index(['company_id'])
    })

    // One row: the last event the dispatcher has turned into deliveries.
    this.schema.createTable('notification_dispatch_state', (table) => {
      table.integer('id').primary()
      table.bigInteger('last_event_id').notNullable().defaultTo(0)
    })
    this.schema.raw(
      'INSERT INTO notification_dispatch_state (id, last_event_id) SELECT 1, coalesce(max(id), 0) FROM events'
    )

    // Last message per rule, vehicle and code: repeats within the quiet period are folded.
    this.schema.createTable('notification_quiet', (table) => {
      table
        .integer('setting_id')
        .notNullable()
        .references('id')
        .inTable('notification_settings')
        .onDelete('CASCADE')
      table.integer('device_id').notNullable()
      table.string('code', 16).notNullable()
      table.timestamp('last_sent_at', { useTz: true }).notNullable()
      table.integer('folded').notNullable().defaultTo(0)
      table.primary(['setting_id', 'device_id', 'code'])
    })

    this.schema.createTable('notification_deliveries', (table) => {
      table.bigIncrements('id')
      company(table)
      table
        .integer('setting_id')
        .nullable()
        .references('id')
        .inTable('notification_settings')
        .onDelete('CASCADE')
      // email | sms | inbox | push
      table.string('channel', 8).notNullable()
      // e-mail address, phone number, or push subscription id
      table.string('recipient', 2048).notNullable()
      table.jsonb('payload').notNullable()
      // pending | sent | failed
      table.string('status', 8).notNullable().defaultTo('pending')
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).notNullable()
      table.text('last_error').nullable()
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['status', 'next_attempt_at'])
      table.index(['setting_id', 'created_at'])
    })

    this.schema.createTable('notifications', (table) => {
      table.bigIncrements('id')
      company(table)
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table
        .integer('setting_id')
        .nullable()
        .references('id')
        .inTable('notification_settings')
        .onDelete('SET NULL')
      table.integer('device_id').nullable().references('id').inTable('devices').onDelete('CASCADE')
      // what the message says, rendered in the reader's language when shown
      table.jsonb('data').notNullable()
      table.timestamp('read_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'company_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('notifications')
    this.schema.dropTable('notification_deliveries')
    this.schema.dropTable('notification_quiet')
    this.schema.dropTable('notification_dispatch_state')
    this.schema.dropTable('push_subscriptions')
    this.schema.dropTable('push_notification_settings')
    this.schema.dropTable('notification_settings')
  }
}
