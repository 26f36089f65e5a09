import { BaseTransformer } from '@adonisjs/core/transformers'
import type TeamInvitation from '#models/team_invitation'

/** The invitation page's texts in the page's language (the auth layout ships only the auth messages). */
export type InvitationTexts = {
  title: string
  intro: string
  email: string
  fullName: string
  password: string
  passwordConfirmation: string
  submit: string
  login: string
  refusal: string
}

/** An invitation link: refused (unknown or expired), or open with its invitation. */
export type InvitationLink =
  | { state: 'invalid' | 'expired'; texts: InvitationTexts }
  | {
      state: 'open'
      texts: InvitationTexts
      invitation: TeamInvitation
      companyName: string
      action: string
    }

/**
 * The page where an invited address without an account creates it and joins: its texts and,
 * when the link is open, the address, the company, the role offered and where the form
 * posts. The page's type is generated from this class (`Data.Auth.Invitation`).
 */
export default class InvitationTransformer extends BaseTransformer<InvitationLink> {
  toObject() {
    const link = this.resource
    if (link.state !== 'open') {
      return {
        state: link.state,
        texts: link.texts,
        email: null,
        companyName: null,
        invitedRole: null,
        action: null,
      }
    }
    return {
      state: link.state,
      texts: link.texts,
      email: link.invitation.email,
      companyName: link.companyName,
      invitedRole: link.invitation.role,
      action: link.action,
    }
  }
}

export function invitationForPage(link: InvitationLink) {
  return new InvitationTransformer(link).toObject()
}
