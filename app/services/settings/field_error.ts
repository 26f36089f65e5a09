import type { HttpContext } from '@adonisjs/core/http'

/**
 * Answers a rule Vine cannot see (a taken name, a server that refused) like a validation
 * error: back to the form, the input kept, the message under the field and as a toast.
 * JSON callers get 422 `{ errors: [{ field, message }] }`.
 */
export function fieldError(
  { request, session, response }: HttpContext,
  field: string,
  message: string
) {
  const wantsJson = request.accepts(['html', 'json']) === 'json' && !request.header('x-inertia')
  if (wantsJson) return response.unprocessableEntity({ errors: [{ field, message }] })
  session.flashAll()
  session.flash('inputErrorsBag', { [field]: [message] })
  session.flash('error', message)
  return response.redirect().back()
}
