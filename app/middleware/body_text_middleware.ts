import { isUtf8 } from 'node:buffer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errorPageForPage } from '#transformers/errors/error_page_transformer'

export type BodyTextProblem = 'invalid_utf8' | 'invalid_characters'

/** The replacement character: what the body parser's UTF-8 decoding puts for invalid bytes. */
const REPLACEMENT = '\uFFFD'

/**
 * The bytes of a URL-encoded form body: `%XX` escapes are bytes, `+` a space,
 * anything else the UTF-8 of its character. Browsers always escape valid UTF-8;
 * an escape of an invalid sequence (`%FF`) is left undecoded by the query-string
 * parser, so it is checked here.
 */
export function formBodyBytes(raw: string): Buffer {
  const parts: Buffer[] = []
  let text = ''
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index]
    const escape = char === '%' ? raw.slice(index + 1, index + 3) : ''
    if (/^[0-9a-fA-F]{2}$/.test(escape)) {
      if (text) parts.push(Buffer.from(text, 'utf8'))
      text = ''
      parts.push(Buffer.from([Number.parseInt(escape, 16)]))
      index += 2
    } else {
      text += char === '+' ? ' ' : char
    }
  }
  if (text) parts.push(Buffer.from(text, 'utf8'))
  return Buffer.concat(parts)
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(texts)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, nested]) => [key, ...texts(nested)])
  }
  return []
}

/**
 * What is wrong with the text of a request body, if anything:
 * - invalid UTF-8: bytes the decoder replaced (U+FFFD in the raw body or in a
 *   field), a percent-escape of invalid bytes in a form, or a lone surrogate
 *   from a JSON `\ud800` escape (stored, it would become U+FFFD as well);
 * - a NUL character, which PostgreSQL text cannot hold.
 * A literal U+FFFD is refused with the rest: it only ever stands for broken text.
 */
export function bodyTextProblem(
  raw: string | null,
  body: unknown,
  isForm: boolean
): BodyTextProblem | null {
  if (raw) {
    if (raw.includes(REPLACEMENT)) return 'invalid_utf8'
    if (isForm && raw.includes('%') && !isUtf8(formBodyBytes(raw))) return 'invalid_utf8'
  }
  const values = texts(body)
  if (values.some((text) => text.includes(REPLACEMENT) || !text.isWellFormed())) {
    return 'invalid_utf8'
  }
  if (values.some((text) => text.includes('\u0000'))) return 'invalid_characters'
  return null
}

/**
 * Runs after the body parser: a form or JSON body with invalid UTF-8 or a NUL
 * character is refused with 400 and a localized message, before any validator
 * or controller sees it, so nothing of it is stored.
 */
export default class BodyTextMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const isForm = Boolean(request.is(['application/x-www-form-urlencoded']))
    const problem = bodyTextProblem(request.raw(), request.body(), isForm)
    if (!problem) return next()

    const message = ctx.i18n.t(`input.errors.${problem}`)
    ctx.logger.warn({ problem, url: request.url() }, 'request body refused')
    if (request.header('x-inertia') && ctx.session) {
      // An Inertia form stays on its page and shows the message, like a validation error.
      ctx.session.flash('error', message)
      return ctx.response.redirect().back()
    }
    ctx.response.status(400)
    if (request.accepts(['html', 'json']) === 'json' || !ctx.inertia) {
      return ctx.response.send({ error: message })
    }
    return ctx.response.send(
      await ctx.inertia.render('errors/server_error', errorPageForPage({ status: 400, message }))
    )
  }
}
