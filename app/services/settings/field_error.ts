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

/**
 * Runs a settings form's validation; when it fails, the page also gets the form's failure
 * message as a toast (spec §8: "Failed to submit form.", "Failed to update SMTP settings.")
 * beside the field errors Vine sends back.
 */
export async function validateOrFlash<T>(
  ctx: HttpContext,
  validate: () => Promise<T>,
  failureKey: string
): Promise<T> {
  try {
    return await validate()
  } catch (error) {
    if ((error as { code?: string }).code === 'E_VALIDATION_ERROR' && ctx.session) {
      ctx.session.flash('error', ctx.i18n.t(failureKey))
    }
    throw error
  }
}
