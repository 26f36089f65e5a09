import { isLocalPath } from '#services/local_path'
import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import { loginValidator } from '#validators/auth/auth_validators'
import { INTENDED_PATH_KEY } from '#middleware/auth_middleware'
import { pathFor } from '#shared/route_table'
import { sendConfirmation } from '#actions/auth/send_confirmation'
import { localPathOr } from '#services/local_path'

/**
 * Failed sign-ins are throttled per e-mail and IP address: five failures block
 * that pair for 15 minutes, and a success clears the count.
 */
export const loginLimiter = () =>
  limiter.use({ requests: 5, duration: '15 mins', blockDuration: '15 mins' })

export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/login', {})
  }

  async store({ request, auth, session, response, i18n, locale }: HttpContext) {
    const { email, password } = await request.validateUsing(loginValidator)
    const key = `login:${email}:${request.ip()}`

    const [throttled, user] = await loginLimiter()
      .penalize(key, () => User.verifyCredentials(email, password))
      .catch((error) => {
        if (error instanceof authErrors.E_INVALID_CREDENTIALS) return [null, null] as const
        throw error
      })

    if (throttled) {
      session.flash(
        'error',
        i18n.t('messages.login.throttled', {
          minutes: Math.ceil(throttled.response.availableIn / 60),
        })
      )
      return response.redirect().back()
    }
    if (!user) {
      session.flash(
        'error',
        i18n.t('messages.login.failed', {
          error: i18n.t('messages.login.invalid_credentials'),
        })
      )
      return response.redirect().back()
    }
    if (!user.isConfirmed) {
      await sendConfirmation(user, locale)
      session.flash(
        'error',
        i18n.t('messages.login.failed', {
          error: i18n.t('messages.login.unconfirmed'),
        })
      )
      return response.redirect().back()
    }

    await auth.use('web').login(user)
    session.flash('success', i18n.t('messages.login.success'))
    const intended = session.pull(INTENDED_PATH_KEY)
    return response.redirect(localPathOr(intended, pathFor('backend', locale)))
  }

  async destroy({ auth, response, locale }: HttpContext) {
    await auth.use('web').logout()
    return response.redirect(pathFor('home', locale))
  }
}
