import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * device_states is rewritten for every frame of every tracker (README, "Where the ingest time
 * goes"):
 * - its two documents become `json`: PostgreSQL only checks json text, where jsonb is parsed
 *   into its binary form on every write; they are written and read whole (the dashboard's
 *   `->`/`->>` work on both);
 * - a fill factor of 50 leaves room on each page for the row's next version, so an update
 *   stays on its page and skips the indexes (a HOT update); at the default of 100, rows of
 *   about 1.5 kB left too little room and nearly every update moved the row and added index
 *   entries.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      ALTER TABLE device_states
        ALTER COLUMN attributes TYPE json USING attributes::json,
        ALTER COLUMN detector TYPE json USING detector::json,
        SET (fillfactor = 50)
    `)
  }

  async down() {
    this.schema.raw(`
      ALTER TABLE device_states
        ALTER COLUMN attributes TYPE jsonb USING attributes::jsonb,
        ALTER COLUMN detector TYPE jsonb USING detector::jsonb,
        RESET (fillfactor)
    `)
  }
}
