import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Locale } from '#shared/locales'

/**
 * An account e-mail whose texts live in billing.json (`billing.mail.<template>.subject`,
 * `.heading`, `.body`, `.action`), in the recipient's language, with one action link. Without
 * SMTP the log mailer writes it to the log, link included.
 */
export async function sendAccountMail(options: {
  to: string
  locale: Locale
  template: string
  values?: Record<string, string | number>
  actionUrl: string
}) {
  const i18n = i18nManager.locale(options.locale)
  const text = (key: string) => i18n.t(`billing.mail.${options.template}.${key}`, options.values)
  await mail.send((message) => {
    message
      .to(options.to)
      .subject(text('subject'))
      .htmlView('emails/action', {
        locale: options.locale,
        heading: text('heading'),
        body: text('body'),
        actionLabel: text('action'),
        actionUrl: options.actionUrl,
        footer: i18n.t('mail.footer'),
      })
      .textView('emails/action_text', {
        heading: text('heading'),
        body: text('body'),
        actionUrl: options.actionUrl,
        footer: i18n.t('mail.footer'),
      })
  })
  if (mail.use().name === 'log') {
    logger.info(
      { to: options.to, subject: text('subject'), link: options.actionUrl },
      'mail (no SMTP_HOST set)'
    )
  }
}
