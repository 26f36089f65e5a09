import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'

/**
 * The fleet's records (spec §3): tyres, expenses, accidents, insurance, paperwork,
 * traffic fines, rentals, services, maintenance records and the maintenance schedule.
 * Each belongs to a company; vehicles, drivers and the reference lists they point to
 * are set to NULL when removed (the record stays). Drivers gain a region and a department.
 * Money is integer cents with its currency; files are keys on the drive disk.
 */
export default class extends BaseSchema {
  private common(table: Knex.CreateTableBuilder) {
    table.increments('id')
    table
      .integer('company_id')
      .notNullable()
      .references('id')
      .inTable('companies')
      .onDelete('CASCADE')
  }

  private reference(table: Knex.CreateTableBuilder, column: string, target: string) {
    table.integer(column).nullable().references('id').inTable(target).onDelete('SET NULL')
  }

  private timestamps(table: Knex.CreateTableBuilder) {
    table.timestamp('created_at', { useTz: true }).notNullable()
    table.timestamp('updated_at', { useTz: true }).nullable()
  }

  private placement(table: Knex.CreateTableBuilder) {
    this.reference(table, 'device_id', 'devices')
    this.reference(table, 'driver_id', 'drivers')
    this.reference(table, 'region_id', 'regions')
    this.reference(table, 'department_id', 'departments')
  }

  private money(table: Knex.CreateTableBuilder, column: string) {
    table.bigInteger(column).nullable()
  }

  async up() {
    this.schema.alterTable('drivers', (table) => {
      this.reference(table as unknown as Knex.CreateTableBuilder, 'region_id', 'regions')
      this.reference(table as unknown as Knex.CreateTableBuilder, 'department_id', 'departments')
    })

    this.schema.createTable('tire_records', (table) => {
      this.common(table)
      this.placement(table)
      table.string('axle_info', 200).nullable()
      table.date('change_date').notNullable()
      table.integer('front_count').nullable()
      table.integer('rear_count').nullable()
      table.integer('left_count').nullable()
      table.integer('right_count').nullable()
      table.string('mounted_tire', 200).nullable()
      table.string('removed_tire', 200).nullable()
      table.string('brand', 200).nullable()
      table.integer('spare_count').nullable()
      table.integer('vehicle_km').nullable()
      table.string('status', 16).nullable()
      table.text('notes').nullable()
      this.timestamps(table)
      table.index(['company_id', 'change_date'])
    })

    this.schema.createTable('expenses', (table) => {
      this.common(table)
      this.placement(table)
      this.reference(table, 'category_id', 'expense_categories')
      table.date('expense_date').notNullable()
      table.string('item', 200).notNullable()
      this.money(table, 'amount_cents')
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.text('description').nullable()
      this.timestamps(table)
      table.index(['company_id', 'expense_date'])
    })

    this.schema.createTable('accidents', (table) => {
      this.common(table)
      this.placement(table)
      table.date('accident_date').notNullable()
      table.string('file_number', 100).nullable()
      table.string('service_name', 200).nullable()
      table.text('description').nullable()
      table.string('photo_path', 500).nullable()
      this.timestamps(table)
      table.index(['company_id', 'accident_date'])
    })

    this.schema.createTable('insurances', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      this.reference(table, 'type_id', 'insurance_types')
      table.string('policy_number', 100).notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      this.money(table, 'policy_amount_cents')
      this.money(table, 'coverage_amount_cents')
      this.money(table, 'additional_coverage_cents')
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.string('insurer', 200).nullable()
      table.string('agent', 200).nullable()
      table.string('agent_contact_name', 200).nullable()
      table.string('agent_contact_surname', 200).nullable()
      table.string('agent_email', 254).nullable()
      table.string('agent_phone', 50).nullable()
      table.text('description').nullable()
      table.string('policy_path', 500).nullable()
      this.timestamps(table)
      table.index(['company_id', 'end_date'])
    })

    this.schema.createTable('paperworks', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      this.reference(table, 'head_driver_id', 'drivers')
      table.date('paper_date').notNullable()
      table.string('vehicle_manager', 200).nullable()
      table.text('content').notNullable()
      table.string('document_path', 500).nullable()
      this.timestamps(table)
      table.index(['company_id', 'paper_date'])
    })

    this.schema.createTable('traffic_fines', (table) => {
      this.common(table)
      this.placement(table)
      this.reference(table, 'type_id', 'traffic_fine_types')
      table.date('fine_date').notNullable()
      table.date('notification_date').nullable()
      table.date('payment_due_date').nullable()
      table.string('serial_number', 50).nullable()
      table.string('sequence_number', 50).nullable()
      this.money(table, 'amount_cents')
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.string('issuing_unit', 200).nullable()
      table.string('city_district', 200).nullable()
      table.string('location', 500).nullable()
      table.string('article', 100).nullable()
      table.string('status', 24).notNullable().defaultTo('unpaid')
      this.timestamps(table)
      table.index(['company_id', 'fine_date'])
    })

    this.schema.createTable('rental_records', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      this.reference(table, 'rental_company_id', 'rental_companies')
      table.date('start_date').notNullable()
      table.date('end_date').nullable()
      table.date('delivery_date').nullable()
      this.money(table, 'fee_cents')
      this.money(table, 'deposit_cents')
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.integer('max_km').nullable()
      table.string('payment_period', 16).nullable()
      table.text('description').nullable()
      this.timestamps(table)
      table.index(['company_id', 'start_date'])
    })

    this.schema.createTable('service_records', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      this.reference(table, 'service_point_id', 'service_points')
      table.string('action_performed', 500).nullable()
      table.string('reason', 32).nullable()
      table.date('entry_date').notNullable()
      table.date('exit_date').nullable()
      table.integer('km').nullable()
      table.text('complaints').nullable()
      table.text('description').nullable()
      table.string('invoice_number', 100).nullable()
      table.string('officer', 200).nullable()
      this.money(table, 'amount_cents')
      table.string('currency', 3).notNullable().defaultTo('TRY')
      table.string('phone', 50).nullable()
      table.string('invoice_path', 500).nullable()
      this.timestamps(table)
      table.index(['company_id', 'entry_date'])
    })

    this.schema.createTable('maintenance_records', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      table.string('maintenance_type', 40).nullable()
      table.date('record_date').notNullable()
      table.text('description').nullable()
      table.boolean('completed').notNullable().defaultTo(false)
      table.boolean('due').notNullable().defaultTo(false)
      table.string('period', 100).nullable()
      table.string('reason', 200).nullable()
      table.integer('distance_km').nullable()
      this.timestamps(table)
      table.index(['company_id', 'record_date'])
      table.index(['device_id', 'maintenance_type'])
    })

    this.schema.createTable('maintenance_schedules', (table) => {
      this.common(table)
      table
        .integer('device_id')
        .notNullable()
        .references('id')
        .inTable('devices')
        .onDelete('CASCADE')
      table.string('maintenance_type', 40).notNullable()
      table.integer('interval_days').nullable()
      table.integer('interval_km').nullable()
      table.date('next_date').nullable()
      table.integer('next_distance_km').nullable()
      table.text('notes').nullable()
      // The reminder is sent once per item: for this next date and distance.
      table.date('reminded_for_date').nullable()
      table.integer('reminded_for_km').nullable()
      table.timestamp('reminded_at', { useTz: true }).nullable()
      this.timestamps(table)
      table.unique(['device_id', 'maintenance_type'])
      table.index(['company_id', 'next_date'])
    })

    const checks: [string, string, string[]][] = [
      ['traffic_fines', 'status', ['paid', 'delayed_payment', 'discounted_payment', 'unpaid']],
    ]
    for (const [tableName, column, values] of checks) {
      this.schema.raw(
        `ALTER TABLE ${tableName} ADD CONSTRAINT ${tableName}_${column}_check CHECK (${column} IN (${values.map((v) => `'${v}'`).join(', ')}))`
      )
    }
  }

  async down() {
    for (const tableName of [
      'maintenance_schedules',
      'maintenance_records',
      'service_records',
      'rental_records',
      'traffic_fines',
      'paperworks',
      'insurances',
      'accidents',
      'expenses',
      'tire_records',
    ]) {
      this.schema.dropTable(tableName)
    }
    this.schema.alterTable('drivers', (table) => {
      table.dropColumn('region_id')
      table.dropColumn('department_id')
    })
  }
}
