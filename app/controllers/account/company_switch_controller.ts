import type { HttpContext } from '@adonisjs/core/http'
import { switchCompany } from '#services/tenancy'
import { pathFor } from '#shared/route_table'

export default class CompanySwitchController {
  /** A company the user is not a member of answers 404, like any other company's record. */
  async store({ params, auth, response, locale }: HttpContext) {
    const switched = await switchCompany(auth.getUserOrFail(), Number(params.id))
    if (!switched) return response.notFound()
    return response.redirect(pathFor('backend', locale))
  }
}
