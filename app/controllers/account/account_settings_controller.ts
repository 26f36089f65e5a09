import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import { profileValidator, userSettingsValidator } from '#validators/account/account_validators'
import { changePasswordValidator } from '#validators/auth/auth_validators'
import { renewAfterPasswordChange } from '#services/user_sessions'
import i18nManager from '@adonisjs/i18n/services/main'
import { userLocaleOf } from '#services/account/home_page'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '#shared/locales'
import { pathFor } from '#shared/route_table'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import { confirmEmailChange, requestEmailChange } from '#actions/accounts/email_change'
import UserSettingsTransformer from '#transformers/account/user_settings_transformer'

/** Profile, user settings and change password (spec §3 "Profile", "User settings"). */
export default class AccountSettingsController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('account/settings', {
      profile: new UserSettingsTransformer(user).toObject(),
      settings: new UserSettingsTransformer(user).forPreferences(),
      hasPassword: user.password !== null,
    })
  }

  /**
   * Full name and phone change at once; a new e-mail address only gets a signed link, and
   * changes when it is opened (`confirmEmail`).
   */
  async updateProfile({ request, auth, session, response, i18n, locale }: HttpContext) {
    const user = auth.getUserOrFail()
    const payload = await request.validateUsing(profileValidator, { meta: { userId: user.id } })
    user.merge({ fullName: payload.full_name ?? null, phone: payload.phone ?? null })
    try {
      await user.save()
    } catch (error) {
      logger.error({ err: error }, 'profile not saved')
      session.flash('error', i18n.t('messages.profile.update_failed'))
      return response.redirect().back()
    }
    const newEmail =
      payload.email && payload.email !== user.email.toLowerCase() ? payload.email : null
    if (newEmail) {
      try {
        await requestEmailChange(user, newEmail, locale)
      } catch (error) {
        logger.error({ err: error }, 'e-mail change link could not be sent')
        session.flash('error', i18n.t('messages.profile.update_failed'))
        return response.redirect().back()
      }
      session.flash('success', i18n.t('backend.account.email_change.sent', { email: newEmail }))
      return response.redirect().back()
    }
    session.flash('success', i18n.t('messages.profile.updated'))
    return response.redirect().back()
  }

  /** The signed link of an e-mail change, opened by the signed-in user who asked for it. */
  async confirmEmail({ request, auth, session, response, i18n, locale }: HttpContext) {
    const settingsPage = pathFor('account.settings', locale)
    if (!request.hasValidSignature('change-email')) {
      session.flash('error', i18n.t('backend.account.email_change.invalid'))
      return response.redirect(settingsPage)
    }
    const owner = await User.find(Number(request.qs().user) || 0)
    if (!owner) {
      session.flash('error', i18n.t('messages.profile.no_user'))
      return response.redirect(settingsPage)
    }
    const outcome = await confirmEmailChange(auth.getUserOrFail(), request.qs())
    if (!outcome.ok) {
      session.flash('error', i18n.t(`backend.account.email_change.${outcome.reason}`))
      return response.redirect(settingsPage)
    }
    session.flash('success', i18n.t('messages.profile.updated'))
    return response.redirect(settingsPage)
  }

  async updateSettings({ request, auth, session, response, i18n }: HttpContext) {
    const user = auth.getUserOrFail()
    const payload = await request.validateUsing(userSettingsValidator)
    user.merge({
      timezone: payload.timezone,
      locale: payload.locale,
      dateFormat: payload.date_format,
      defaultMapLayer: payload.default_map_layer,
      defaultHomePage: payload.default_home_page,
    })
    try {
      await user.save()
    } catch (error) {
      logger.error({ err: error }, 'user settings not saved')
      session.flash('error', i18n.t('messages.settings.update_failed'))
      return response.redirect().back()
    }
    // The new language acts at once: the message and the settings page in it, and the
    // locale cookie (pages outside the route table) remembers it like the language switch.
    const locale = userLocaleOf(user)
    response.plainCookie(LOCALE_COOKIE, locale, {
      maxAge: `${LOCALE_COOKIE_MAX_AGE_DAYS}d`,
      encode: false,
      httpOnly: false,
      sameSite: 'lax',
      path: '/',
    })
    session.flash('success', i18nManager.locale(locale).t('messages.settings.updated'))
    return response.redirect(pathFor('account.settings', locale))
  }

  /** Needs the current password again (re-authentication) before setting the new one. */
  async updatePassword(ctx: HttpContext) {
    const { request, auth, session, response, i18n } = ctx
    const user = auth.getUserOrFail()
    const payload = await request.validateUsing(changePasswordValidator)
    const reauthenticated =
      user.password !== null && (await hash.verify(user.password, payload.current_password))
    if (!reauthenticated) {
      session.flash('error', i18n.t('messages.password.reauthentication_failed'))
      session.flash('inputErrorsBag', {
        current_password: [i18n.t('messages.password.reauthentication_failed')],
      })
      return response.redirect().back()
    }
    user.password = payload.new_password
    await user.save()
    await renewAfterPasswordChange(ctx, user)
    session.flash('success', i18n.t('messages.password.updated'))
    return response.redirect().back()
  }
}
