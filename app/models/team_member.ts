import { TeamMemberSchema } from '#database/schema'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { TeamRole } from '#enums/team_role'
import Company from '#models/company'
import User from '#models/user'

export default class TeamMember extends TeamMemberSchema {
  @column()
  declare role: TeamRole

  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
