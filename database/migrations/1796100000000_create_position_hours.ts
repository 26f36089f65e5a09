import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Hourly rollup of positions, written at ingest in the same transaction as the positions
 * (docs/odometer-and-fuel.md, "Hourly position rollup"), so the reports' odometer at day
 * boundaries reads a few rows per vehicle instead of probing positions: per device and UTC
 * hour, the first and last fix of any position, and the first and last position carrying an
 * odometer (its time and value, metres). Only first/last merges, so a resent position or an
 * hour written over several batches ends the same.
 *
 * Filled here from the positions already stored.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('position_hours', (table) => {
      table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.integer('device_id').notNullable().references('devices.id').onDelete('CASCADE')
      table.timestamp('hour', { useTz: true }).notNullable()
      table.timestamp('first_fix', { useTz: true }).notNullable()
      table.timestamp('last_fix', { useTz: true }).notNullable()
      table.timestamp('first_odometer_time', { useTz: true }).nullable()
      table.double('first_odometer').nullable()
      table.timestamp('last_odometer_time', { useTz: true }).nullable()
      table.double('last_odometer').nullable()
      table.primary(['device_id', 'hour'])
      table.index(['company_id', 'hour'])
    })
    // Positions of a deleted device (positions have no foreign key) are left out.
    this.schema.raw(`
      INSERT INTO position_hours (company_id, device_id, hour, first_fix, last_fix,
        first_odometer_time, first_odometer, last_odometer_time, last_odometer)
      SELECT d.company_id, p.device_id,
        date_trunc('hour', p.fix_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
        min(p.fix_time), max(p.fix_time),
        min(p.fix_time) FILTER (WHERE p.attributes->>'odometer' IS NOT NULL),
        (array_agg((p.attributes->>'odometer')::float8 ORDER BY p.fix_time)
          FILTER (WHERE p.attributes->>'odometer' IS NOT NULL))[1],
        max(p.fix_time) FILTER (WHERE p.attributes->>'odometer' IS NOT NULL),
        (array_agg((p.attributes->>'odometer')::float8 ORDER BY p.fix_time DESC)
          FILTER (WHERE p.attributes->>'odometer' IS NOT NULL))[1]
      FROM positions p JOIN devices d ON d.id = p.device_id
      GROUP BY d.company_id, p.device_id, date_trunc('hour', p.fix_time AT TIME ZONE 'UTC')
    `)
  }

  async down() {
    this.schema.dropTable('position_hours')
  }
}
