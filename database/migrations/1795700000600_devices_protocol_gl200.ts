import { BaseSchema } from '@adonisjs/lucid/schema'

/** Devices may speak Queclink @Track (gl200, issue 31); the protocol list lives in app/shared/fleet_enums.ts. */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE devices
      DROP CONSTRAINT devices_protocol_check,
      ADD CONSTRAINT devices_protocol_check
        CHECK (protocol IN ('teltonika', 'gt06', 'osmand', 'h02', 'gps103', 'meitrack', 'ruptela', 'gl200'))`)
  }

  async down() {
    this.schema.raw(`ALTER TABLE devices
      DROP CONSTRAINT devices_protocol_check,
      ADD CONSTRAINT devices_protocol_check
        CHECK (protocol IN ('teltonika', 'gt06', 'osmand', 'h02', 'gps103', 'meitrack', 'ruptela')) NOT VALID`)
  }
}
