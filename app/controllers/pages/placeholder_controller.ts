import type { HttpContext } from '@adonisjs/core/http'

/** A page whose capability comes later: its title and breadcrumb only. */
export default class PlaceholderController {
  async show({ inertia }: HttpContext) {
    return inertia.render('placeholder', {})
  }
}
