import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The company's settings pages (spec §3): buildings, one row of company settings (working
 * hours, the company's SMTP server and SMS provider, the "other settings"), saved command
 * templates, API tokens and outgoing webhooks with their delivery queue, and the licence
 * expiry notices already sent (so the daily job tells each licence end once).
 */
export default class extends BaseSchema {
  async up() {
    const companyColumn = (table: any) =>
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')

    this.schema.createTable('buildings', (table) => {
      table.increments('id')
      companyColumn(table)
      table.string('name', 200).notNullable()
      table.double('latitude').notNullable()
      table.double('longitude').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['company_id', 'name'])
    })

    this.schema.createTable('company_settings', (table) => {
      table
        .integer('company_id')
        .primary()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.jsonb('working_hours').nullable()
      table.string('smtp_host', 255).nullable()
      table.integer('smtp_port').nullable()
      table.string('smtp_user', 255).nullable()
      table.text('smtp_password').nullable()
      table.string('smtp_sender_name', 200).nullable()
      table.string('smtp_sender_email', 254).nullable()
      table.string('sms_provider', 32).nullable()
      table.string('sms_username', 200).nullable()
      table.text('sms_password').nullable()
      table.string('sms_header', 32).nullable()
      table.integer('archive_days').nullable()
      table.integer('licence_expiry_days').nullable()
      table.boolean('geofence_alarms').notNullable().defaultTo(true)
      table.integer('maintenance_reminder_days').nullable()
      table.boolean('speed_limit_notifications').notNullable().defaultTo(true)
      table.boolean('fuel_report_sending').notNullable().defaultTo(false)
      table.boolean('multi_language').notNullable().defaultTo(true)
      table.boolean('user_activity_reports').notNullable().defaultTo(false)
      table.boolean('emergency_notifications').notNullable().defaultTo(true)
      table.boolean('system_update_notifications').notNullable().defaultTo(true)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    this.schema.createTable('command_templates', (table) => {
      table.increments('id')
      companyColumn(table)
      table.string('protocol', 16).notNullable()
      table.string('name', 200).notNullable()
      table.text('text').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['company_id', 'protocol', 'name'])
    })

    this.schema.createTable('api_tokens', (table) => {
      table.increments('id')
      companyColumn(table)
      table.string('name', 200).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      table.string('hint', 8).notNullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
    })

    this.schema.createTable('webhooks', (table) => {
      table.increments('id')
      companyColumn(table)
      table.string('url', 2000).notNullable()
      table.text('secret').notNullable()
      table.boolean('active').notNullable().defaultTo(true)
      table.string('last_error', 500).nullable()
      table.timestamp('last_delivered_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    this.schema.createTable('webhook_deliveries', (table) => {
      table.bigIncrements('id')
      table
        .integer('webhook_id')
        .notNullable()
        .references('id')
        .inTable('webhooks')
        .onDelete('CASCADE')
      companyColumn(table)
      table.jsonb('payload').notNullable()
      table.string('status', 12).notNullable().defaultTo('pending')
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).notNullable()
      table.integer('response_status').nullable()
      table.string('last_error', 500).nullable()
      table.timestamp('delivered_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['status', 'next_attempt_at'])
    })

    this.schema.createTable('licence_expiry_notices', (table) => {
      table
        .integer('device_id')
        .notNullable()
        .references('id')
        .inTable('devices')
        .onDelete('CASCADE')
      table.date('licence_end_date').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.primary(['device_id', 'licence_end_date'])
    })
  }

  async down() {
    for (const name of [
      'licence_expiry_notices',
      'webhook_deliveries',
      'webhooks',
      'api_tokens',
      'command_templates',
      'company_settings',
      'buildings',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
