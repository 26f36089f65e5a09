import type { HttpContext } from '@adonisjs/core/http'
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '#shared/locales'
import { pathFor } from '#shared/route_table'
import { isLocalPath } from '#services/local_path'

/** The language switch: remembers the choice for 365 days and opens the same page in it. */
export default class LocaleController {
  async update({ params, request, response, auth }: HttpContext) {
    const code = params.code
    if (!isLocale(code)) return response.notFound()
    response.plainCookie(LOCALE_COOKIE, code, {
      maxAge: `${LOCALE_COOKIE_MAX_AGE_DAYS}d`,
      encode: false,
      httpOnly: false,
      sameSite: 'lax',
      path: '/',
    })
    const user = await auth.check().then(() => auth.user)
    if (user && user.locale !== code) {
      user.locale = code
      await user.save()
    }
    const target = request.input('to')
    return response.redirect(isLocalPath(target) ? target : pathFor('home', code))
  }
}
