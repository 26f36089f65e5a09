import { BaseSchema } from '@adonisjs/lucid/schema'

/** Which files a scheduled report's e-mail carries (xlsx, pdf, csv); the old two by default. */
export default class extends BaseSchema {
  protected tableName = 'scheduled_reports'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.specificType('attachments', 'text[]').notNullable().defaultTo('{xlsx,pdf}')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('attachments')
    })
  }
}
