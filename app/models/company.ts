import { CompanySchema } from '#database/schema'
import { column, hasMany, manyToMany } from '@adonisjs/lucid/orm'
import type { HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import TeamMember from '#models/team_member'
import User from '#models/user'

export default class Company extends CompanySchema {
  @column({ prepare: (value: string[]) => JSON.stringify(value ?? []) })
  declare hiddenMenus: string[]

  @hasMany(() => TeamMember)
  declare members: HasMany<typeof TeamMember>

  @manyToMany(() => User, { pivotTable: 'team_members', pivotColumns: ['role'] })
  declare users: ManyToMany<typeof User>
}
