import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import { loginValidator } from '#validators/auth/auth_validators'
import { INTENDED_PATH_KEY } from '#middleware/auth_middleware'
import { pathFor } from '#shared/route_table'
import { sendConfirmation } from '#actions/auth/send_confirmation'
import { localPathOr } from '#services/local_path'
import { endSessionsOf, signIn, signOut } from '#services/user_sessions'
import { homePathOf } from '#services/account/home_page'

/**
 * Failed sign-ins are throttled per e-mail and IP address: five failures block
 * that pair for 15 minutes, and a success clears the count.
 */
export const loginLimiter = () =>
  limiter.use({ requests: 5, duration: '15 mins', blockDuration: '15 mins' })

/**
 * Failed sign-ins per address, whatever the e-mail (password spraying): twenty
 * failures within 15 minutes block the address for 15 minutes. A success does not
 * clear this count, so one known account cannot reset it.
 */
export const loginAddressLimiter = () =>
  limiter.use({ requests: 20, duration: '15 mins', blockDuration: '15 mins' })

export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/login', {})
  }

  async store(ctx: HttpContext) {
    const { request, session, response, i18n, locale } = ctx
    const { email, password } = await request.validateUsing(loginValidator)
    const key = `login:${email}:${request.ip()}`
    const addressKey = `login-address:${request.ip()}`
    const addressLimiter = loginAddressLimiter()

    if (await addressLimiter.isBlocked(addressKey)) {
      session.flash(
        'error',
        i18n.t('messages.login.throttled', {
          minutes: Math.ceil((await addressLimiter.availableIn(addressKey)) / 60),
        })
      )
      return response.redirect().back()
    }

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
      await addressLimiter.consume(addressKey).catch(() => {})
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

    await signIn(ctx, user)
    session.flash('success', i18n.t('messages.login.success'))
    const intended = session.pull(INTENDED_PATH_KEY)
    return response.redirect(localPathOr(intended, homePathOf(user, request.url())))
  }

  /** Signs out: the session is destroyed, so a copy of its cookie is worthless. */
  async destroy(ctx: HttpContext) {
    await signOut(ctx)
    return ctx.response.redirect(pathFor('home', ctx.locale))
  }

  /** "Sign out everywhere": ends every session of the user, this one included. */
  async destroyEverywhere(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    await endSessionsOf(user)
    await signOut(ctx)
    ctx.session.flash('success', ctx.i18n.t('messages.sessions.ended_everywhere'))
    return ctx.response.redirect(pathFor('login', ctx.locale))
  }
}
