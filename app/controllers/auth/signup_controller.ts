import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { signupValidator } from '#validators/auth/auth_validators'
import { registerUser } from '#actions/auth/register_user'
import { pathFor } from '#shared/route_table'

export default class SignupController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/signup', {})
  }

  async store({ request, session, response, i18n, locale }: HttpContext) {
    const { email, password } = await request.validateUsing(signupValidator)
    try {
      await registerUser({ email, password, locale })
    } catch (error) {
      logger.error({ err: error }, 'sign-up failed')
      session.flash('error', i18n.t('messages.signup.failed'))
      session.flashExcept(['password', 'password_confirmation'])
      return response.redirect().back()
    }
    session.flash('success', i18n.t('messages.signup.success'))
    session.flash('pendingEmail', email)
    return response.redirect(pathFor('confirm', locale))
  }
}
