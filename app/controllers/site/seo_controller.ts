import type { HttpContext } from '@adonisjs/core/http'
import { robotsTxt, sitemapXml } from '#services/site/sitemap'

/** sitemap.xml and robots.txt. */
export default class SeoController {
  async sitemap({ response }: HttpContext) {
    return response
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await sitemapXml())
  }

  async robots({ response }: HttpContext) {
    return response
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt())
  }
}
