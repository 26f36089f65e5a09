import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Invitations of people who already have an account to join a company with a role: a signed
 * link (a random token, stored hashed) e-mailed to them, valid for 7 days, resendable and
 * revocable. At most one open invitation per company and address.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('team_invitations', (table) => {
      table.increments('id')
      table
        .integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.string('role', 16).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      table.integer('invited_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('invited_by_role', 16).notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('accepted_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(`CREATE UNIQUE INDEX team_invitations_open_unique ON team_invitations
      (company_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL`)
  }

  async down() {
    this.schema.dropTable('team_invitations')
  }
}
