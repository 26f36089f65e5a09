import type { HttpContext } from '@adonisjs/core/http'
import { checkReadiness } from '#services/readiness'

/**
 * For supervisors and load balancers. `/health`: the process is alive (never touches the
 * database). `/ready`: the database answers and, when this process runs the tracker
 * listener, its ports are open and its command listener connected; 503 otherwise.
 */
export default class HealthController {
  health({ response }: HttpContext) {
    return response.header('Cache-Control', 'no-store').send({ ok: true })
  }

  async ready({ response }: HttpContext) {
    const readiness = await checkReadiness()
    return response
      .status(readiness.ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(readiness)
  }
}
