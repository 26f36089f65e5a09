import { BaseTransformer } from '@adonisjs/core/transformers'
import type TeamMember from '#models/team_member'

/**
 * A member of the team page (the user preloaded): who, their role, whether they confirmed
 * their address and the vehicle groups they are limited to (none: every vehicle). The page's
 * type is generated from this class (`Data.Account.TeamMember`).
 */
export default class TeamMemberTransformer extends BaseTransformer<TeamMember> {
  toObject() {
    const member = this.resource
    return {
      id: member.id,
      userId: member.userId,
      email: member.user.email,
      name: member.user.fullName,
      role: member.role,
      confirmed: member.user.isConfirmed,
      deviceGroupIds: Array.isArray(member.deviceGroupIds)
        ? (member.deviceGroupIds as unknown[]).map(Number)
        : [],
    }
  }
}

export function teamMemberForList(member: TeamMember) {
  return new TeamMemberTransformer(member).toObject()
}
