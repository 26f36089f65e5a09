import type { HttpContext } from '@adonisjs/core/http'

/** Where a user is sent when their role does not allow a page: says why and links back. */
export default class UnauthorizedController {
  async show({ inertia }: HttpContext) {
    return inertia.render('backend/unauthorized', {})
  }
}
