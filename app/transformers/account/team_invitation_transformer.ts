import { BaseTransformer } from '@adonisjs/core/transformers'
import type TeamInvitation from '#models/team_invitation'

/**
 * An open invitation of the team page: the address, the role offered, and until when (and
 * whether) its link still works. The page's type is generated from this class
 * (`Data.Account.TeamInvitation`).
 */
export default class TeamInvitationTransformer extends BaseTransformer<TeamInvitation> {
  toObject() {
    const invitation = this.resource
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISO()!,
      expired: invitation.expiresAt.toMillis() < Date.now(),
    }
  }
}

export function teamInvitationForList(invitation: TeamInvitation) {
  return new TeamInvitationTransformer(invitation).toObject()
}
