import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 30: an API token carries its scopes, `<resource>:read` and `<resource>:write`
 * (app/services/integrations/api_scopes.ts). Tokens made before scopes existed keep what
 * they could do: read everything (`*:read`); new tokens name theirs.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_tokens', (table) => {
      table
        .jsonb('scopes')
        .notNullable()
        .defaultTo(JSON.stringify(['*:read']))
    })
    this.schema.raw(`ALTER TABLE api_tokens ALTER COLUMN scopes SET DEFAULT '[]'::jsonb`)
  }

  async down() {
    this.schema.alterTable('api_tokens', (table) => {
      table.dropColumn('scopes')
    })
  }
}
