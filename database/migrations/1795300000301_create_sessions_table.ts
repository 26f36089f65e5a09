import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (SESSION_DRIVER=database, the default): the cookie holds only
 * the session id, so signing out, a password change or "sign out everywhere" ends a
 * session for good. `user_id` tags a signed-in session with its user.
 */
export default class extends BaseSchema {
  protected tableName = 'sessions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
