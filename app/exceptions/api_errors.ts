import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import type { I18n } from '@adonisjs/i18n'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as lucidErrors } from '@adonisjs/lucid'

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Whether the request is one of the API's (`/api/...`): its errors are always JSON. */
export function isApiRequest(ctx: HttpContext) {
  const path = ctx.request.url()
  return path === '/api' || path.startsWith('/api/')
}

/** The methods a path answers to (empty when it matches no route at all). */
export function allowedMethods(path: string) {
  return METHODS.filter((method) => router.match(path, method, false) !== null)
}

/**
 * An error of an API request, answered as JSON `{ error }` with its status: 404 for an unknown
 * path or record, 405 (with `Allow`) for a known path asked with another method, 422 with the
 * field `errors` for invalid input, 500 without the details in production; the HTML error page
 * never reaches an integrator.
 */
export function answerApiError(
  error: unknown,
  ctx: HttpContext,
  i18n: I18n,
  options: { production: boolean }
) {
  const path = ctx.request.url()
  const { response } = ctx
  if (error instanceof coreErrors.E_ROUTE_NOT_FOUND) {
    const allowed = allowedMethods(path)
    if (allowed.length > 0) {
      response.header('Allow', allowed.join(', '))
      return response.status(405).send({
        error: i18n.t('messages.errors.method_not_allowed', {
          method: ctx.request.method(),
          path,
          allowed: allowed.join(', '),
        }),
      })
    }
    return response.status(404).send({ error: i18n.t('messages.errors.page_not_found', { path }) })
  }
  if (error instanceof lucidErrors.E_ROW_NOT_FOUND) {
    return response.status(404).send({ error: i18n.t('messages.errors.page_not_found', { path }) })
  }
  const status = (error as { status?: number })?.status
  if (status === 422) {
    return response.status(422).send({
      error: i18n.t('messages.errors.invalid_input'),
      errors: (error as { messages?: unknown }).messages ?? [],
    })
  }
  if (status === 401) {
    return response.status(401).send({ error: i18n.t('messages.errors.unauthenticated') })
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return response.status(status).send({ error: (error as Error).message })
  }
  return response.status(500).send({
    error: options.production
      ? i18n.t('messages.errors.unexpected')
      : (error as Error)?.message || i18n.t('messages.errors.unexpected'),
  })
}
