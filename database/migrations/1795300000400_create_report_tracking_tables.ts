import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What the telematics reports read instead of raw positions.
 *
 * - trips get the place and time of their top speed, the time and distance driven above each
 *   5 km/h step (`speed_seconds[i]` / `speed_meters[i]`: above 5 × i km/h, i = 1..50), the time
 *   and distance above the vehicle's own speed limit, and the driver card the tracker reported;
 * - idle_periods: every engine-on standstill of at least the idle threshold (spec §9: 5 min);
 * - driver_assignments: who drove which vehicle from when to when, kept by a trigger on
 *   devices.driver_id whatever path changes it (the form, assign/remove, an import).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('trips', (table) => {
      table.timestamp('max_speed_time', { useTz: true }).nullable()
      table.double('max_speed_latitude').nullable()
      table.double('max_speed_longitude').nullable()
      table.specificType('speed_seconds', 'integer[]').notNullable().defaultTo('{}')
      table.specificType('speed_meters', 'integer[]').notNullable().defaultTo('{}')
      table.integer('over_limit_seconds').notNullable().defaultTo(0)
      table.double('over_limit_distance').notNullable().defaultTo(0)
      table.string('driver_card_id', 64).nullable()
      table.index(['company_id', 'driver_id', 'start_time'])
    })

    this.schema.createTable('idle_periods', (table) => {
      table.bigIncrements('id')
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
      table.timestamp('start_time', { useTz: true }).notNullable()
      table.timestamp('end_time', { useTz: true }).notNullable()
      table.double('latitude').notNullable()
      table.double('longitude').notNullable()
      table.integer('duration').notNullable()
      table.unique(['device_id', 'start_time'])
      table.index(['company_id', 'start_time'])
    })

    this.schema.createTable('driver_assignments', (table) => {
      table.bigIncrements('id')
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
      table
        .integer('driver_id')
        .notNullable()
        .references('id')
        .inTable('drivers')
        .onDelete('CASCADE')
      table.timestamp('started_at', { useTz: true }).notNullable()
      table.timestamp('ended_at', { useTz: true }).nullable()
      table.index(['device_id', 'started_at'])
      table.index(['company_id', 'driver_id'])
    })

    // The history follows devices.driver_id: a change closes the open assignment of the
    // vehicle and opens the new driver's one.
    this.schema.raw(`
      CREATE FUNCTION devices_driver_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW.driver_id IS NOT DISTINCT FROM OLD.driver_id THEN
          RETURN NEW;
        END IF;
        UPDATE driver_assignments SET ended_at = clock_timestamp()
          WHERE device_id = NEW.id AND ended_at IS NULL;
        IF NEW.driver_id IS NOT NULL THEN
          INSERT INTO driver_assignments (company_id, device_id, driver_id, started_at)
            VALUES (NEW.company_id, NEW.id, NEW.driver_id, clock_timestamp());
        END IF;
        RETURN NEW;
      END $$
    `)
    this.schema.raw(`
      CREATE TRIGGER devices_driver_history AFTER INSERT OR UPDATE OF driver_id ON devices
        FOR EACH ROW EXECUTE FUNCTION devices_driver_history()
    `)
    // Vehicles that already have a driver: the history starts now.
    this.schema.raw(`
      INSERT INTO driver_assignments (company_id, device_id, driver_id, started_at)
        SELECT company_id, id, driver_id, coalesce(updated_at, created_at)
        FROM devices WHERE driver_id IS NOT NULL
    `)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS devices_driver_history ON devices')
    this.schema.raw('DROP FUNCTION IF EXISTS devices_driver_history()')
    this.schema.dropTable('driver_assignments')
    this.schema.dropTable('idle_periods')
    this.schema.alterTable('trips', (table) => {
      table.dropIndex(['company_id', 'driver_id', 'start_time'])
      for (const column of [
        'max_speed_time',
        'max_speed_latitude',
        'max_speed_longitude',
        'speed_seconds',
        'speed_meters',
        'over_limit_seconds',
        'over_limit_distance',
        'driver_card_id',
      ]) {
        table.dropColumn(column)
      }
    })
  }
}
