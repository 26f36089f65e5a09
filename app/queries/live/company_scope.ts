import type { HttpContext } from '@adonisjs/core/http'
import { errors as lucidErrors } from '@adonisjs/lucid'

/**
 * The id of the company the request works in. A signed-in user outside any company has no
 * records to see: their request answers like a record of another company, 404.
 */
export function companyIdOf(ctx: HttpContext): number {
  if (!ctx.company) throw new lucidErrors.E_ROW_NOT_FOUND()
  return ctx.company.id
}
