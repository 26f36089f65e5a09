import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import User from '#models/user'
import { pathFor } from '#shared/route_table'
import { emailConfirmationForPage } from '#transformers/auth/email_confirmation_transformer'

/**
 * /confirm without a signature tells the new user to check their inbox; with
 * the signed link from the e-mail it confirms the address.
 */
export default class ConfirmController {
  async show({ request, inertia, session, response, i18n, locale }: HttpContext) {
    if (!request.input('signature')) {
      return inertia.render(
        'auth/confirm',
        emailConfirmationForPage({
          status: 'pending',
          email: session.flashMessages.get('pendingEmail') ?? null,
        })
      )
    }
    const user = request.hasValidSignature('confirm-email')
      ? await User.find(Number(request.input('user')))
      : null
    if (!user) {
      return inertia.render(
        'auth/confirm',
        emailConfirmationForPage({ status: 'invalid', email: null })
      )
    }
    if (!user.emailVerifiedAt) {
      user.emailVerifiedAt = DateTime.now()
      await user.save()
    }
    session.flash('success', i18n.t('messages.confirm.success'))
    return response.redirect(pathFor('login', locale))
  }
}
