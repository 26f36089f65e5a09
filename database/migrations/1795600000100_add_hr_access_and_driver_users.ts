import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 27: the HR right (drivers' personal data and HR reports) is set per role or member
 * beside the hidden menus (null: the role's default, owner and admin); a driver can be linked
 * to the member who is that driver, who then sees their own record, leave and checks.
 */
export default class extends BaseSchema {
  async up() {
    // A row may now set only the HR right: its menus (null) then follow the wider setting.
    this.schema.alterTable('menu_permissions', (table) => {
      table.boolean('hr_access').nullable()
      table.jsonb('hidden').nullable().alter()
    })
    this.schema.alterTable('drivers', (table) => {
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.index(['company_id', 'user_id'])
    })
  }

  async down() {
    this.schema.alterTable('drivers', (table) => {
      table.dropIndex(['company_id', 'user_id'])
      table.dropColumn('user_id')
    })
    this.defer(async (client) => {
      await client.from('menu_permissions').whereNull('hidden').update({ hidden: '[]' })
    })
    this.schema.alterTable('menu_permissions', (table) => {
      table.dropColumn('hr_access')
      table.jsonb('hidden').notNullable().defaultTo('[]').alter()
    })
  }
}
