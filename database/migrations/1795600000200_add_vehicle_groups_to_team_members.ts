import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 27: a member limited to some vehicle groups (device groups) sees only their vehicles;
 * null sees every vehicle of the company. Owners and admins always see all.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('team_members', (table) => {
      table.jsonb('device_group_ids').nullable()
    })
  }

  async down() {
    this.schema.alterTable('team_members', (table) => {
      table.dropColumn('device_group_ids')
    })
  }
}
