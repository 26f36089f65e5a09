import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'

/**
 * Issue 30, item 1: inspections → issues → work orders (docs/domain-rules.md).
 *
 * - inspection_items: the pass/fail checklist, per vehicle category (none: every vehicle).
 * - inspections: one filed on a phone (vehicle, odometer, driver signature image) and
 *   inspection_results, one per checklist item (passed, note and photo of a failed one).
 * - fleet_issues: a defect of a vehicle, opened by a failed item or by hand.
 * - work_orders: issues grouped into a repair (vendor or in-house), with work_order_parts
 *   taken from inventory, labour, cost approval and the mechanic's sign-off; completing one
 *   writes a service record (and a maintenance record of the type it covers).
 */
export default class extends BaseSchema {
  private common(table: Knex.CreateTableBuilder) {
    table.increments('id')
    table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
  }

  private reference(table: Knex.CreateTableBuilder, column: string, target: string) {
    table.integer(column).nullable().references('id').inTable(target).onDelete('SET NULL')
  }

  private timestamps(table: Knex.CreateTableBuilder) {
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    table.timestamp('updated_at', { useTz: true }).nullable()
  }

  async up() {
    this.schema.createTable('inspection_items', (table) => {
      this.common(table)
      this.reference(table, 'vehicle_category_id', 'vehicle_categories')
      table.string('name', 200).notNullable()
      table.integer('position').notNullable().defaultTo(0)
      table.boolean('active').notNullable().defaultTo(true)
      this.timestamps(table)
      table.index(['company_id', 'vehicle_category_id'])
    })

    this.schema.createTable('inspections', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      this.reference(table, 'driver_id', 'drivers')
      this.reference(table, 'inspector_id', 'users')
      table.timestamp('inspected_at', { useTz: true }).notNullable()
      table.integer('odometer_km').notNullable()
      table.string('result', 16).notNullable()
      table.integer('failed_count').notNullable().defaultTo(0)
      table.text('notes').nullable()
      table.string('signature_path', 500).nullable()
      this.timestamps(table)
      table.index(['company_id', 'inspected_at'])
      table.index(['device_id', 'inspected_at'])
    })

    this.schema.createTable('inspection_results', (table) => {
      this.common(table)
      table.integer('inspection_id').notNullable().references('inspections.id').onDelete('CASCADE')
      this.reference(table, 'inspection_item_id', 'inspection_items')
      table.string('item_name', 200).notNullable()
      table.boolean('passed').notNullable()
      table.text('note').nullable()
      table.string('photo_path', 500).nullable()
      table.index(['inspection_id'])
    })

    this.schema.createTable('work_orders', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      // The vendor; none: repaired in-house
      this.reference(table, 'service_point_id', 'service_points')
      table.string('title', 200).notNullable()
      table.string('status', 24).notNullable().defaultTo('open')
      table.string('maintenance_type', 40).nullable()
      table.integer('odometer_km').nullable()
      table.decimal('labour_hours', 8, 2).notNullable().defaultTo(0)
      table.bigInteger('labour_rate_cents').notNullable().defaultTo(0)
      table.string('currency', 3).notNullable().defaultTo('TRY')
      this.reference(table, 'approved_by', 'users')
      table.timestamp('approved_at', { useTz: true }).nullable()
      table.string('mechanic_name', 200).nullable()
      table.timestamp('signed_off_at', { useTz: true }).nullable()
      table.timestamp('completed_at', { useTz: true }).nullable()
      this.reference(table, 'service_record_id', 'service_records')
      this.reference(table, 'maintenance_record_id', 'maintenance_records')
      table.text('notes').nullable()
      this.reference(table, 'created_by', 'users')
      this.timestamps(table)
      table.index(['company_id', 'status'])
    })

    this.schema.createTable('work_order_parts', (table) => {
      this.common(table)
      table.integer('work_order_id').notNullable().references('work_orders.id').onDelete('CASCADE')
      table
        .integer('inventory_item_id')
        .notNullable()
        .references('inventory_items.id')
        .onDelete('RESTRICT')
      table.integer('quantity').notNullable()
      table.bigInteger('unit_price_cents').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['work_order_id'])
    })

    this.schema.createTable('fleet_issues', (table) => {
      this.common(table)
      this.reference(table, 'device_id', 'devices')
      this.reference(table, 'inspection_id', 'inspections')
      this.reference(table, 'inspection_result_id', 'inspection_results')
      this.reference(table, 'work_order_id', 'work_orders')
      this.reference(table, 'reported_by', 'users')
      table.string('title', 200).notNullable()
      table.text('description').nullable()
      table.string('photo_path', 500).nullable()
      table.string('priority', 16).notNullable().defaultTo('medium')
      table.string('status', 16).notNullable().defaultTo('open')
      table.timestamp('resolved_at', { useTz: true }).nullable()
      this.timestamps(table)
      table.index(['company_id', 'status'])
      table.index(['work_order_id'])
    })
  }

  async down() {
    for (const name of [
      'fleet_issues',
      'work_order_parts',
      'work_orders',
      'inspection_results',
      'inspections',
      'inspection_items',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
