import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Geofences (circles and polygons drawn on the map) and the stays of vehicles inside
 * them. The ingest path raises GEOFENCE_ENTER / GEOFENCE_EXIT events carrying the zone's
 * id in their attributes; a vehicle entering two zones at one fix raises two events, so
 * the events' uniqueness includes the zone.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('geofences', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('name', 100).notNullable()
      table.string('color', 7).notNullable().defaultTo('#2563eb')
      table.text('description').nullable()
      // {type: 'circle', center: [lat, lon], radius: m} | {type: 'polygon', points: [[lat, lon], ...]}
      table.jsonb('shape').notNullable()
      // all | devices | groups
      table.string('assign_to', 8).notNullable().defaultTo('all')
      table.specificType('device_ids', 'integer[]').notNullable().defaultTo('{}')
      table.specificType('group_ids', 'integer[]').notNullable().defaultTo('{}')
      table.boolean('active').notNullable().defaultTo(true)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['company_id', 'name'])
    })

    this.schema.createTable('geofence_visits', (table) => {
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
        .integer('geofence_id')
        .notNullable()
        .references('id')
        .inTable('geofences')
        .onDelete('CASCADE')
      table.timestamp('enter_time', { useTz: true }).notNullable()
      table.timestamp('exit_time', { useTz: true }).nullable()
      /** seconds inside, once left */
      table.integer('duration').nullable()
      table.unique(['device_id', 'geofence_id', 'enter_time'])
      table.index(['company_id', 'enter_time'])
      table.index(['geofence_id', 'enter_time'])
    })

    this.schema.raw('ALTER TABLE events DROP CONSTRAINT events_device_id_event_time_code_key')
    this.schema.raw(
      `CREATE UNIQUE INDEX events_device_time_code_zone_key ON events
         (device_id, event_time, code, (COALESCE((attributes->>'geofenceId')::int, 0)))`
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS events_device_time_code_zone_key')
    this.schema.raw(
      `DELETE FROM events a USING events b
        WHERE a.id > b.id AND a.device_id = b.device_id AND a.event_time = b.event_time AND a.code = b.code`
    )
    this.schema.raw(
      'ALTER TABLE events ADD CONSTRAINT events_device_id_event_time_code_key UNIQUE (device_id, event_time, code)'
    )
    this.schema.dropTable('geofence_visits')
    this.schema.dropTable('geofences')
  }
}
