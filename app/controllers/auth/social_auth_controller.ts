import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import User from '#models/user'
import { enabledSocialProviders, type SocialProvider } from '#services/social_providers'
import { createCompanyFor } from '#services/tenancy'
import { pathFor } from '#shared/route_table'
import { INTENDED_PATH_KEY } from '#middleware/auth_middleware'
import { localPathOr } from '#services/local_path'
import { signIn } from '#services/user_sessions'
import { homePathOf } from '#services/account/home_page'

function providerOf(value: unknown): SocialProvider | null {
  return value === 'google' || value === 'facebook' ? value : null
}

/**
 * Google and Facebook sign-in. The account is found by the provider's id, else
 * linked by e-mail (the provider has verified it), else created with a company.
 */
export default class SocialAuthController {
  async redirect({ params, ally, response }: HttpContext) {
    const provider = providerOf(params.provider)
    if (!provider || !enabledSocialProviders()[provider]) return response.notFound()
    return ally.use(provider).redirect()
  }

  async callback(ctx: HttpContext) {
    const { params, ally, session, response, i18n, locale } = ctx
    const provider = providerOf(params.provider)
    if (!provider || !enabledSocialProviders()[provider]) return response.notFound()
    const failedKey = `messages.login.${provider}_failed`
    const social = ally.use(provider)

    if (social.accessDenied() || social.stateMisMatch() || social.hasError()) {
      const reason = social.hasError() ? social.getError() : i18n.t('messages.login.cancelled')
      session.flash('error', i18n.t(failedKey, { error: String(reason) }))
      return response.redirect(pathFor('login', locale))
    }

    let signedIn: User
    try {
      const profile = await social.user()
      if (!profile.email) throw new Error(i18n.t('messages.login.no_email'))
      const idColumn = provider === 'google' ? 'googleId' : 'facebookId'
      let user =
        (await User.findBy(provider === 'google' ? 'google_id' : 'facebook_id', profile.id)) ??
        (await User.findBy('email', profile.email.toLowerCase()))
      if (!user) {
        user = await User.create({
          email: profile.email.toLowerCase(),
          password: null,
          fullName: profile.name || null,
          locale,
          emailVerifiedAt: DateTime.now(),
        })
        await createCompanyFor(user)
      }
      user[idColumn] = profile.id
      user.emailVerifiedAt ??= DateTime.now()
      await user.save()
      await signIn(ctx, user)
      signedIn = user
    } catch (error) {
      session.flash('error', i18n.t(failedKey, { error: (error as Error).message }))
      return response.redirect(pathFor('login', locale))
    }

    session.flash('success', i18n.t('messages.login.success'))
    const intended = session.pull(INTENDED_PATH_KEY)
    return response.redirect(localPathOr(intended, homePathOf(signedIn)))
  }
}
