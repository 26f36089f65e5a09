import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Hourly rollups of the tracker's fuel and temperature readings, written at ingest in the
 * same transaction as the positions (README, "Fuel, driver behaviour and sensor reports"),
 * so the fuel and temperature reports read a few rows per vehicle and hour, not every position:
 * - fuel_hours: per device and UTC hour, the first and last fuel level with their times and
 *   the lowest and highest CAN fuel-used counter;
 * - temperature_hours: per device, sensor and hour, readings, min, max, sum, the seconds the
 *   hour's readings hold (to each one's next reading), those seconds per distinct value (so
 *   the time out of any range is exact), and the hour's last reading with the seconds it holds
 *   (so a period's end is exact too);
 * - fuel_level_events: every run of rising (refuel) or, standing, falling (drop) fuel levels,
 *   whatever its size; the reports keep those of at least their minimum change.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('fuel_hours', (table) => {
      table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.integer('device_id').notNullable().references('devices.id').onDelete('CASCADE')
      table.timestamp('hour', { useTz: true }).notNullable()
      table.timestamp('first_time', { useTz: true }).nullable()
      table.double('first_level').nullable()
      table.timestamp('last_time', { useTz: true }).nullable()
      table.double('last_level').nullable()
      table.double('min_used').nullable()
      table.double('max_used').nullable()
      table.primary(['device_id', 'hour'])
      table.index(['company_id', 'hour'])
    })
    this.schema.createTable('temperature_hours', (table) => {
      table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.integer('device_id').notNullable().references('devices.id').onDelete('CASCADE')
      table.string('sensor', 32).notNullable()
      table.timestamp('hour', { useTz: true }).notNullable()
      table.integer('readings').notNullable().defaultTo(0)
      table.double('min_value').nullable()
      table.double('max_value').nullable()
      table.double('sum_value').notNullable().defaultTo(0)
      table.double('seconds').notNullable().defaultTo(0)
      table.timestamp('last_time', { useTz: true }).notNullable()
      table.double('last_value').notNullable()
      table.double('last_seconds').notNullable().defaultTo(0)
      table.jsonb('value_seconds').notNullable().defaultTo('{}')
      table.primary(['device_id', 'sensor', 'hour'])
      table.index(['company_id', 'hour'])
    })
    this.schema.createTable('fuel_level_events', (table) => {
      table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.integer('device_id').notNullable().references('devices.id').onDelete('CASCADE')
      table.string('kind', 8).notNullable()
      table.timestamp('start_time', { useTz: true }).notNullable()
      table.timestamp('end_time', { useTz: true }).notNullable()
      table.double('litres').notNullable()
      table.double('level_before').notNullable()
      table.double('level_after').notNullable()
      table.double('latitude').notNullable()
      table.double('longitude').notNullable()
      table.primary(['device_id', 'start_time'])
      table.index(['company_id', 'start_time'])
    })
  }

  async down() {
    this.schema.dropTable('fuel_level_events')
    this.schema.dropTable('temperature_hours')
    this.schema.dropTable('fuel_hours')
  }
}
