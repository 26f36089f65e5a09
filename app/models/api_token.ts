import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A company's API token: only its SHA-256 hash and last four characters are stored. */
export default class ApiToken extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
  @column()
  declare companyId: number
  @column()
  declare name: string
  @column({ serializeAs: null })
  declare tokenHash: string
  @column()
  declare hint: string
  @column()
  declare createdBy: number | null
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
  @column.dateTime()
  declare lastUsedAt: DateTime | null
  @column.dateTime()
  declare revokedAt: DateTime | null
  /** `<resource>:read` / `<resource>:write`, `*:read` for everything (api_scopes.ts). */
  @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
  declare scopes: string[]
}
