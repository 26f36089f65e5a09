import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The tracking store. Positions are range-partitioned by month on fix time (the
 * ingest writer creates each month's partition when it first needs it) and keyed
 * by (device, fix time), which makes a resent position a no-op. The latest state
 * per device, trips and stops are written at ingest so that screens and reports
 * never scan raw positions when they need not.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE TABLE positions (
        device_id integer NOT NULL,
        company_id integer NOT NULL,
        fix_time timestamptz NOT NULL,
        server_time timestamptz NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        speed real NOT NULL DEFAULT 0,
        course real NOT NULL DEFAULT 0,
        altitude real NOT NULL DEFAULT 0,
        satellites smallint NOT NULL DEFAULT 0,
        valid boolean NOT NULL,
        attributes jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (device_id, fix_time)
      ) PARTITION BY RANGE (fix_time)
    `)
    this.schema.raw('CREATE INDEX positions_company_time_idx ON positions (company_id, fix_time)')

    this.schema.createTable('device_states', (table) => {
      table.integer('device_id').primary().references('id').inTable('devices').onDelete('CASCADE')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.timestamp('fix_time', { useTz: true }).nullable()
      table.timestamp('server_time', { useTz: true }).nullable()
      table.timestamp('last_seen_at', { useTz: true }).nullable()
      table.double('latitude').nullable()
      table.double('longitude').nullable()
      table.float('speed').notNullable().defaultTo(0)
      table.float('course').notNullable().defaultTo(0)
      table.float('altitude').notNullable().defaultTo(0)
      table.smallint('satellites').notNullable().defaultTo(0)
      table.boolean('valid').notNullable().defaultTo(false)
      table.string('live_status', 8).notNullable().defaultTo('stopped')
      table.boolean('online').notNullable().defaultTo(false)
      table.boolean('ignition').nullable()
      table.double('odometer').notNullable().defaultTo(0)
      table.float('power').nullable()
      table.float('battery').nullable()
      table.float('battery_level').nullable()
      table.smallint('gsm_signal').nullable()
      table.string('ip_address', 64).nullable()
      table.jsonb('attributes').notNullable().defaultTo('{}')
      table.jsonb('detector').notNullable().defaultTo('{}')
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['company_id'])
    })

    this.schema.raw(`
      CREATE TABLE events (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        event_time timestamptz NOT NULL,
        code varchar(16) NOT NULL,
        state char(1),
        latitude double precision,
        longitude double precision,
        attributes jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (device_id, event_time, code)
      )
    `)
    this.schema.raw('CREATE INDEX events_company_time_idx ON events (company_id, event_time DESC)')

    this.schema.createTable('trips', (table) => {
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
      table.integer('driver_id').nullable().references('id').inTable('drivers').onDelete('SET NULL')
      table.timestamp('start_time', { useTz: true }).notNullable()
      table.timestamp('end_time', { useTz: true }).notNullable()
      table.double('start_latitude').notNullable()
      table.double('start_longitude').notNullable()
      table.double('end_latitude').notNullable()
      table.double('end_longitude').notNullable()
      table.double('distance').notNullable()
      table.float('max_speed').notNullable()
      table.float('average_speed').notNullable()
      table.integer('duration').notNullable()
      table.integer('idle_duration').notNullable().defaultTo(0)
      table.double('start_odometer').notNullable()
      table.double('end_odometer').notNullable()
      table.unique(['device_id', 'start_time'])
      table.index(['company_id', 'start_time'])
    })

    this.schema.createTable('stops', (table) => {
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
      table.integer('engine_on_duration').notNullable().defaultTo(0)
      table.unique(['device_id', 'start_time'])
      table.index(['company_id', 'start_time'])
    })

    this.schema.createTable('device_commands', (table) => {
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
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('kind', 16).notNullable()
      table.text('payload').notNullable()
      table.string('status', 12).notNullable().defaultTo('queued')
      table.text('response').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.timestamp('answered_at', { useTz: true }).nullable()
      table.index(['device_id', 'status'])
    })

    this.schema.createTable('unregistered_devices', (table) => {
      table.string('imei', 20).primary()
      table.string('protocol', 16).notNullable()
      table.string('remote_address', 64).nullable()
      table.integer('attempts').notNullable().defaultTo(1)
      table.timestamp('first_seen_at', { useTz: true }).notNullable()
      table.timestamp('last_seen_at', { useTz: true }).notNullable()
    })

    this.schema.alterTable('companies', (table) => {
      table.jsonb('tracking_settings').notNullable().defaultTo('{}')
    })
  }

  async down() {
    this.schema.alterTable('companies', (table) => table.dropColumn('tracking_settings'))
    for (const name of [
      'unregistered_devices',
      'device_commands',
      'stops',
      'trips',
      'events',
      'device_states',
    ]) {
      this.schema.dropTable(name)
    }
    this.schema.raw('DROP TABLE positions CASCADE')
  }
}
