import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'
import type { TeamRole } from '#enums/team_role'

/** An invitation of an existing account to join a company (README "Roles"). */
export default class TeamInvitation extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare email: string

  @column()
  declare role: TeamRole

  @column({ serializeAs: null })
  declare tokenHash: string

  @column()
  declare invitedBy: number | null

  @column()
  declare invitedByRole: TeamRole

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare acceptedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
