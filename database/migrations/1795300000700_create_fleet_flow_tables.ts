import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Requests and approvals, vehicle checks and CADO records (spec §3, §4, §5):
 * - fleet_requests: maintenance requests (tickets) a member files and a manager decides;
 * - leave_requests: time off of a driver, decided the same way (app/actions/fleet/decide_request.ts);
 * - vehicle_checks: a vehicle's check, each item scored 1 to 5 (app/shared/vehicle_check.ts);
 * - cado_records: work orders of the external maintenance system (CADO), kept beside ours.
 */
const scoreItems = [
  'interior_cleaning',
  'exterior_cleaning',
  'windows',
  'tyres',
  'seats',
  'trunk',
  'attire',
  'shoes',
  'shave',
  'equipment',
  'behaviour',
  'discipline',
  'tourism_certificate',
]

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('fleet_requests', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.text('description').notNullable()
      table.integer('device_id').nullable().references('id').inTable('devices').onDelete('SET NULL')
      table.integer('region_id').nullable().references('id').inTable('regions').onDelete('SET NULL')
      table
        .integer('department_id')
        .nullable()
        .references('id')
        .inTable('departments')
        .onDelete('SET NULL')
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('SET NULL')
      table.string('status', 16).notNullable().defaultTo('pending')
      table
        .integer('requester_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.date('request_date').notNullable()
      table.integer('decided_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('decision_date', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'request_date'])
    })
    this.schema.createTable('leave_requests', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('CASCADE')
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.date('return_date').nullable()
      table.text('description').nullable()
      table.string('status', 16).notNullable().defaultTo('pending')
      table
        .integer('requester_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.integer('decided_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('decision_date', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'start_date'])
      table.index(['driver_id', 'status'])
    })
    this.schema.createTable('vehicle_checks', (table) => {
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
        .references('id')
        .inTable('devices')
        .onDelete('CASCADE')
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('SET NULL')
      table.string('type', 16).notNullable()
      table.date('check_date').notNullable()
      for (const item of scoreItems) table.smallint(item).notNullable()
      table.text('body_description').nullable()
      table.text('control_description').nullable()
      table
        .integer('inspector_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'check_date'])
      table.index(['device_id', 'check_date'])
    })
    this.schema.createTable('cado_records', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('reference', 64).notNullable()
      table.integer('device_id').nullable().references('id').inTable('devices').onDelete('SET NULL')
      table.string('operation', 200).notNullable()
      table.string('status', 16).notNullable().defaultTo('open')
      table.date('opened_at').notNullable()
      table.date('closed_at').nullable()
      table.integer('km').nullable()
      table.bigInteger('amount_cents').nullable()
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.text('description').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['company_id', 'reference'])
    })
  }

  async down() {
    this.schema.dropTable('cado_records')
    this.schema.dropTable('vehicle_checks')
    this.schema.dropTable('leave_requests')
    this.schema.dropTable('fleet_requests')
  }
}
