import { BaseTransformer } from '@adonisjs/core/transformers'
import type TeamMember from '#models/team_member'
import type { MenuPermissionRules } from '#services/menu_permissions'

/**
 * A member's line of the menu permissions page: the menus hidden for them (null: their
 * role's) and their HR access (their own, else their role's). The page's type is generated
 * from this class (`Data.Account.MemberMenuPermission`).
 */
export default class MemberMenuPermissionTransformer extends BaseTransformer<{
  member: TeamMember
  rules: MenuPermissionRules
}> {
  toObject() {
    const { member, rules } = this.resource
    return {
      userId: member.userId,
      email: member.user.email,
      role: member.role,
      hidden: rules.users[member.userId] ?? null,
      hrAccess: rules.hrAccess.users[member.userId] ?? rules.hrAccess.roles[member.role],
    }
  }
}

export function memberMenuPermission(member: TeamMember, rules: MenuPermissionRules) {
  return new MemberMenuPermissionTransformer({ member, rules }).toObject()
}
