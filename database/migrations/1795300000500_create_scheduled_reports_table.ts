import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Scheduled reports: a report of the registry (slug) with its saved parameters, e-mailed with
 * its XLSX and PDF daily, weekly on a weekday (1 Monday … 7 Sunday) or monthly on a day (the
 * month's last day when it is shorter), at an hour of the time zone it was scheduled in, in
 * its language. `last_run_at` is the last sending (or attempt, with `last_error`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('scheduled_reports', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('name', 120).notNullable()
      table.string('slug', 80).notNullable()
      table.jsonb('params').notNullable().defaultTo('{}')
      table.string('frequency', 10).notNullable()
      table.smallint('weekday').nullable()
      table.smallint('month_day').nullable()
      table.smallint('hour').notNullable()
      table.string('timezone', 64).notNullable()
      table.string('locale', 5).notNullable()
      table.jsonb('recipients').notNullable().defaultTo('[]')
      table.boolean('active').notNullable().defaultTo(true)
      table.timestamp('last_run_at', { useTz: true }).nullable()
      table.text('last_error').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'id'])
      table.index(['active'])
    })
    this.schema.raw(`ALTER TABLE scheduled_reports
      ADD CONSTRAINT scheduled_reports_frequency CHECK (frequency IN ('daily', 'weekly', 'monthly')),
      ADD CONSTRAINT scheduled_reports_hour CHECK (hour BETWEEN 0 AND 23),
      ADD CONSTRAINT scheduled_reports_weekday CHECK (weekday IS NULL OR weekday BETWEEN 1 AND 7),
      ADD CONSTRAINT scheduled_reports_month_day CHECK (month_day IS NULL OR month_day BETWEEN 1 AND 31)`)
  }

  async down() {
    this.schema.dropTable('scheduled_reports')
  }
}
