import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A password-reset link as its page reads it: whether it is still valid, and the signed
 * address the new password is posted to. The page's type is generated from this class
 * (`Data.Auth.PasswordResetLink`).
 */
export default class PasswordResetLinkTransformer extends BaseTransformer<{
  valid: boolean
  action: string
}> {
  toObject() {
    return { valid: this.resource.valid, action: this.resource.action }
  }
}

export function passwordResetLinkForPage(valid: boolean, action: string) {
  return new PasswordResetLinkTransformer({ valid, action }).toObject()
}
