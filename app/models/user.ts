import { UserSchema } from '#database/schema'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import TeamMember from '#models/team_member'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(UserSchema, AuthFinder) {
  @column()
  declare email: string

  @hasMany(() => TeamMember)
  declare memberships: HasMany<typeof TeamMember>

  /** What the product calls the user: the full name, or the e-mail when there is none. */
  get displayName(): string {
    return this.fullName?.trim() || this.email
  }

  get isConfirmed(): boolean {
    return this.emailVerifiedAt !== null
  }
}
