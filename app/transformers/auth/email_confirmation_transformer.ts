import { BaseTransformer } from '@adonisjs/core/transformers'

/** Why the confirmation page shows: a sign-up waits for its link, or a link is not valid. */
export type EmailConfirmationState = { status: 'pending' | 'invalid'; email: string | null }

/**
 * The e-mail confirmation page: waiting for the link (with the address it went to, right
 * after signing up) or a link that is not valid. The page's type is generated from this class
 * (`Data.Auth.EmailConfirmation`).
 */
export default class EmailConfirmationTransformer extends BaseTransformer<EmailConfirmationState> {
  toObject() {
    return { status: this.resource.status, email: this.resource.email }
  }
}

export function emailConfirmationForPage(state: EmailConfirmationState) {
  return new EmailConfirmationTransformer(state).toObject()
}
