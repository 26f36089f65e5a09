import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Street addresses from the optional geocoding engine (GEOCODER_URL), one row per coordinate
 * rounded to 4 decimals (about 11 m) and language. Addresses are public facts, shared by
 * every company; a null address remembers that the engine had none for that point.
 */
export default class extends BaseSchema {
  protected tableName = 'geocoded_places'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.integer('latitude_key').notNullable()
      table.integer('longitude_key').notNullable()
      table.string('locale', 5).notNullable()
      table.text('address').nullable()
      table.timestamp('resolved_at', { useTz: true }).notNullable()
      table.primary(['latitude_key', 'longitude_key', 'locale'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
