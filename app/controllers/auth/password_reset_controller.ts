import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { passwordFingerprint, passwordResetLink } from '#services/auth_links'
import { sendTemplateMail } from '#services/mailer'
import {
  passwordResetRequestValidator,
  passwordResetValidator,
} from '#validators/auth/auth_validators'
import { pathFor } from '#shared/route_table'
import { endSessionsOf } from '#services/user_sessions'
import { passwordResetLinkForPage } from '#transformers/auth/password_reset_link_transformer'

export default class PasswordResetController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/reset_password', {})
  }

  /** Always answers the same, whether or not the address has an account. */
  async store({ request, session, response, i18n, locale }: HttpContext) {
    const { email } = await request.validateUsing(passwordResetRequestValidator)
    const user = await User.findBy('email', email)
    if (user) {
      await sendTemplateMail({
        to: user.email,
        locale,
        template: 'reset',
        values: { name: user.displayName },
        action: { url: passwordResetLink(user, locale) },
      })
    }
    session.flash('success', i18n.t('messages.reset.sent'))
    return response.redirect().back()
  }

  async edit({ request, inertia }: HttpContext) {
    const user = await this.userFromLink(request)
    return inertia.render(
      'auth/reset_password_confirm',
      passwordResetLinkForPage(user !== null, request.url(true))
    )
  }

  async update({ request, session, response, i18n, locale }: HttpContext) {
    const user = await this.userFromLink(request)
    if (!user) {
      session.flash('error', i18n.t('messages.reset.invalid_link'))
      return response.redirect(pathFor('reset-password', locale))
    }
    const { password } = await request.validateUsing(passwordResetValidator)
    user.password = password
    await user.save()
    await endSessionsOf(user)
    session.flash('success', i18n.t('messages.password.updated'))
    return response.redirect(pathFor('login', locale))
  }

  private async userFromLink(request: HttpContext['request']) {
    if (!request.hasValidSignature('reset-password')) return null
    const user = await User.find(Number(request.input('user')))
    if (!user || passwordFingerprint(user) !== request.input('fp')) return null
    return user
  }
}
