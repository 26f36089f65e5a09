import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 25: an odometer correction cannot race a tracker listener's write in flight.
 *
 * `devices.odometer_generation` counts the vehicle's odometer corrections; a correction takes
 * the device row FOR UPDATE, bumps it and records its own number in
 * `odometer_corrections.generation`, in the transaction that shifts the stored odometers.
 *
 * `ingest_check_odometer_generations` is the first statement of every batch the listener
 * writes: it takes the batch's device rows FOR KEY SHARE (so a correction waits for the batch
 * to commit, and a batch waits for a correction in progress) and fails with SQLSTATE OD001,
 * the stale devices' ids as its DETAIL, when a device's generation is not the one its live
 * state in memory was built from. The writer then applies the corrections it missed to the
 * batch and writes it again (app/tracking/pipeline/batch_writer.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      ALTER TABLE devices ADD COLUMN odometer_generation integer NOT NULL DEFAULT 0;
      ALTER TABLE odometer_corrections ADD COLUMN generation integer;
      UPDATE odometer_corrections c SET generation = n.generation
        FROM (SELECT id, row_number() OVER (PARTITION BY device_id ORDER BY id) AS generation
                FROM odometer_corrections) n
       WHERE n.id = c.id;
      UPDATE devices d SET odometer_generation = n.generation
        FROM (SELECT device_id, max(generation) AS generation FROM odometer_corrections
               GROUP BY device_id) n
       WHERE n.device_id = d.id;
      ALTER TABLE odometer_corrections ALTER COLUMN generation SET NOT NULL;
      CREATE UNIQUE INDEX odometer_corrections_device_generation
        ON odometer_corrections (device_id, generation);
    `)
    this.schema.raw(`
      CREATE FUNCTION ingest_check_odometer_generations(device_ids int[], generations int[])
        RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        stale int[];
      BEGIN
        SELECT array_agg(d.id ORDER BY d.id) INTO stale
          FROM (SELECT id, odometer_generation FROM devices WHERE id = ANY(device_ids)
                 ORDER BY id FOR KEY SHARE) d
          JOIN unnest(device_ids, generations) AS x(id, generation) ON x.id = d.id
         WHERE d.odometer_generation <> x.generation;
        IF stale IS NOT NULL THEN
          RAISE EXCEPTION 'odometer corrected since the live state was read'
            USING ERRCODE = 'OD001', DETAIL = array_to_string(stale, ',');
        END IF;
      END $$
    `)
  }

  async down() {
    this.schema.raw(`
      DROP FUNCTION IF EXISTS ingest_check_odometer_generations(int[], int[]);
      DROP INDEX IF EXISTS odometer_corrections_device_generation;
      ALTER TABLE odometer_corrections DROP COLUMN generation;
      ALTER TABLE devices DROP COLUMN odometer_generation;
    `)
  }
}
