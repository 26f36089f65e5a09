import { BaseSchema } from '@adonisjs/lucid/schema'

/** A tracked vehicle and its tracker (spec §3 "Device or vehicle"); live values are in device_states. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('devices', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('name', 200).notNullable()
      table.string('plate', 32).nullable()
      table.string('imei', 20).notNullable().unique()
      table.string('protocol', 16).notNullable()
      table.string('sim_number', 32).nullable()
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('SET NULL')
      table
        .integer('group_id')
        .nullable()
        .references('id')
        .inTable('device_groups')
        .onDelete('SET NULL')
      table.integer('region_id').nullable().references('id').inTable('regions').onDelete('SET NULL')
      table
        .integer('department_id')
        .nullable()
        .references('id')
        .inTable('departments')
        .onDelete('SET NULL')
      table
        .integer('category_id')
        .nullable()
        .references('id')
        .inTable('vehicle_categories')
        .onDelete('SET NULL')
      table.string('type', 64).nullable()
      table.string('subtype', 64).nullable()
      table.string('brand', 64).nullable()
      table.string('model', 64).nullable()
      table.smallint('year').nullable()
      table.integer('engine_capacity').nullable()
      table.string('fuel_type', 16).nullable()
      table.decimal('tank_capacity', 8, 2).nullable()
      table.decimal('average_consumption', 6, 2).nullable()
      table.decimal('idle_consumption', 6, 2).nullable()
      table.date('inspection_date').nullable()
      table.date('exhaust_date').nullable()
      table.string('ownership', 16).notNullable().defaultTo('own')
      table.string('status', 16).notNullable().defaultTo('active')
      table.string('firmware_version', 64).nullable()
      table.string('protocol_version', 64).nullable()
      table.integer('speed_limit').nullable()
      table.date('licence_end_date').nullable()
      table.date('installation_date').nullable()
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id', 'name'])
      table.index(['company_id', 'plate'])
    })
    this.schema.raw(`ALTER TABLE devices
      ADD CONSTRAINT devices_protocol_check CHECK (protocol IN ('teltonika', 'gt06', 'osmand')),
      ADD CONSTRAINT devices_fuel_type_check CHECK (fuel_type IN ('gasoline', 'diesel', 'electric', 'hybrid', 'other')),
      ADD CONSTRAINT devices_ownership_check CHECK (ownership IN ('own', 'rental')),
      ADD CONSTRAINT devices_status_check CHECK (status IN ('active', 'passive'))`)
  }

  async down() {
    this.schema.dropTable('devices')
  }
}
