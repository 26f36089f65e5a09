import { BaseSchema } from '@adonisjs/lucid/schema'

/** A vehicle check keeps a photo (the file's storage key, @adonisjs/drive). */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('vehicle_checks', (table) => {
      table.string('photo_path', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable('vehicle_checks', (table) => {
      table.dropColumn('photo_path')
    })
  }
}
