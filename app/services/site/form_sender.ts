import type { HttpContext } from '@adonisjs/core/http'
import type { SenderMeta } from '#services/site/inquiries'
import { HONEYPOT_FIELD } from '#validators/site/inquiry_validators'

/** Who sent a public form: language, IP and browser, stored with it. */
export function senderOf({ request, locale }: HttpContext): SenderMeta {
  return { locale, ip: request.ip() ?? null, userAgent: request.header('user-agent') ?? null }
}

/** A filled honeypot: a bot. It is told the form was sent; nothing is stored or mailed. */
export function isBot({ request }: HttpContext): boolean {
  const value = request.input(HONEYPOT_FIELD)
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}
