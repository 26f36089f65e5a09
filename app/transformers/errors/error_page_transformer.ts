import { BaseTransformer } from '@adonisjs/core/transformers'

/** An error the exception handler answers with a page: its status and what went wrong. */
export type ErrorPageSource = { status: number; message: string }

/**
 * The not-found and server-error pages' props: the HTTP status and the message, already in
 * the request's language (`Data.Errors.ErrorPage`).
 */
export default class ErrorPageTransformer extends BaseTransformer<ErrorPageSource> {
  toObject() {
    const { status, message } = this.resource
    return { status, message }
  }
}

export function errorPageForPage(source: ErrorPageSource) {
  return new ErrorPageTransformer(source).toObject()
}
