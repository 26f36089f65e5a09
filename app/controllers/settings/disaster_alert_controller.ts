import type { HttpContext } from '@adonisjs/core/http'

/** The disaster alert system: "coming soon" as the spec says, on a page of its own. */
export default class DisasterAlertController {
  async show({ inertia }: HttpContext) {
    return inertia.render('settings/disaster_alert_system', {})
  }
}
