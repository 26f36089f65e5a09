import limiter from '@adonisjs/limiter/services/main'
import logger from '@adonisjs/core/services/logger'
import ContactMessage from '#models/contact_message'
import DemoRequest from '#models/demo_request'
import type { Locale } from '#shared/locales'
import { notifySales } from '#services/site/sales_mailer'
import type { DemoSubject } from '#validators/site/inquiry_validators'
import i18nManager from '@adonisjs/i18n/services/main'

/** Who sent a form: kept with what they sent. */
export interface SenderMeta {
  locale: Locale
  ip: string | null
  userAgent: string | null
}

export type PublicForm = 'contact' | 'demo' | 'quote'

/** Accepted submissions per IP address and form (README: "Public site"). */
export const FORM_RATE_LIMIT = { requests: 5, duration: '10 mins' } as const

export type Throttled<T> = { ok: true; value: T } | { ok: false; retryInMinutes: number }

/**
 * Runs `action` unless the sender's IP address has used up its submissions of this form;
 * only accepted submissions count (validation errors do not).
 */
export async function throttled<T>(
  form: PublicForm,
  ip: string | null,
  action: () => Promise<T>
): Promise<Throttled<T>> {
  const rateLimit = limiter.use({ ...FORM_RATE_LIMIT })
  const key = `site_${form}_${ip ?? 'unknown'}`
  const result = await rateLimit.attempt(key, async () => ({ value: await action() }))
  if (result) return { ok: true, value: result.value }
  const seconds = await rateLimit.availableIn(key)
  return { ok: false, retryInMinutes: Math.max(1, Math.ceil(seconds / 60)) }
}

const languageName = (locale: Locale) =>
  i18nManager.locale(i18nManager.defaultLocale).t(`site.mail.languages.${locale}`)

/** A notification failure is logged, not shown: the message is stored and listed for staff. */
async function notifyQuietly(send: () => Promise<void>) {
  try {
    await send()
  } catch (error) {
    logger.error({ err: error }, 'sales notification mail failed')
  }
}

export interface ContactInput {
  full_name?: string
  email: string
  phone?: string
  message?: string
}

export async function saveContactMessage(input: ContactInput, meta: SenderMeta) {
  const message = await ContactMessage.create({
    fullName: input.full_name ?? null,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message ?? null,
    locale: meta.locale,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  })
  await notifyQuietly(() =>
    notifySales({
      kind: 'contact',
      subjectValues: { name: input.full_name || input.email },
      replyTo: input.email,
      fields: [
        ['fullName', input.full_name],
        ['email', input.email],
        ['phone', input.phone],
        ['message', input.message],
        ['language', languageName(meta.locale)],
      ],
    })
  )
  return message
}

export interface DemoRequestInput {
  name_or_company: string
  email: string
  phone?: string
  vehicle_count?: number
  subject: DemoSubject
  message?: string
}

export async function saveDemoRequest(input: DemoRequestInput, meta: SenderMeta) {
  const request = await DemoRequest.create({
    nameOrCompany: input.name_or_company,
    email: input.email,
    phone: input.phone ?? null,
    vehicleCount: input.vehicle_count ?? null,
    subject: input.subject,
    message: input.message ?? null,
    locale: meta.locale,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  })
  const i18n = i18nManager.locale(i18nManager.defaultLocale)
  await notifyQuietly(() =>
    notifySales({
      kind: 'demo',
      subjectValues: { name: input.name_or_company },
      replyTo: input.email,
      fields: [
        ['nameOrCompany', input.name_or_company],
        ['email', input.email],
        ['phone', input.phone],
        ['vehicleCount', input.vehicle_count],
        ['subject', i18n.t(`site.demo.subjects.${input.subject}`)],
        ['message', input.message],
        ['language', languageName(meta.locale)],
      ],
    })
  )
  return request
}
