import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Locale } from '#shared/locales'

interface TemplateMail {
  to: string
  locale: Locale
  /** i18n key prefix under `mail.`, e.g. `confirm` reads mail.confirm.subject, .greeting, ... */
  template: string
  values?: Record<string, string>
  action?: { url: string }
}

/**
 * Sends the product's transactional e-mails in the recipient's language. With no
 * SMTP server configured the "log" mailer is used and the message is written to
 * the log, links included.
 */
export async function sendTemplateMail({
  to,
  locale,
  template,
  values = {},
  action,
}: TemplateMail) {
  const i18n = i18nManager.locale(locale)
  const text = (key: string) => i18n.t(`mail.${template}.${key}`, values)
  const response = await mail.send((message) => {
    message
      .to(to)
      .subject(text('subject'))
      .htmlView('emails/action', {
        locale,
        heading: text('heading'),
        body: text('body'),
        actionLabel: action ? text('action') : null,
        actionUrl: action?.url ?? null,
        footer: i18n.t('mail.footer'),
      })
      .textView('emails/action_text', {
        heading: text('heading'),
        body: text('body'),
        actionUrl: action?.url ?? null,
        footer: i18n.t('mail.footer'),
      })
  })
  if (mail.use().name === 'log') {
    logger.info({ to, subject: text('subject'), link: action?.url }, 'mail (no SMTP_HOST set)')
  }
  return response
}
