import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Menus hidden per role and per member of a company (the company-wide list stays in
 * companies.hidden_menus): a member's own row overrides their role's, which overrides the
 * company's.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('menu_permissions', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('role', 16).nullable()
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.jsonb('hidden').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(`ALTER TABLE menu_permissions ADD CONSTRAINT menu_permissions_scope_check
      CHECK ((role IS NULL) <> (user_id IS NULL))`)
    this.schema.raw(`CREATE UNIQUE INDEX menu_permissions_role_unique ON menu_permissions
      (company_id, role) WHERE role IS NOT NULL`)
    this.schema.raw(`CREATE UNIQUE INDEX menu_permissions_user_unique ON menu_permissions
      (company_id, user_id) WHERE user_id IS NOT NULL`)
  }

  async down() {
    this.schema.dropTable('menu_permissions')
  }
}
