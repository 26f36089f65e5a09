import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import { salesEmail } from '#services/site/sales_mailer'
import { escapeHtml } from '#services/site/markdown'

/**
 * A support request to SALES_EMAIL, in the team's language, with the company and the user
 * attached; Reply-To is the user.
 */
export async function sendSupportRequest(request: {
  id: number
  company: { id: number; name: string }
  user: { id: number; email: string; fullName: string | null }
  subject: string
  message: string
}) {
  const i18n = i18nManager.locale(i18nManager.defaultLocale)
  const subject = i18n.t('billing.mail.support.subject', {
    company: request.company.name.replace(/[\r\n\t]+/g, ' ').slice(0, 80),
    subject: request.subject.replace(/[\r\n\t]+/g, ' ').slice(0, 120),
  })
  const rows: [string, string][] = [
    [i18n.t('billing.mail.support.company'), `${request.company.name} (#${request.company.id})`],
    [
      i18n.t('billing.mail.support.user'),
      `${request.user.fullName ?? ''} <${request.user.email}> (#${request.user.id})`,
    ],
    [i18n.t('billing.support.subject'), request.subject],
    [i18n.t('billing.support.message'), request.message],
    [i18n.t('billing.mail.support.reference'), `#${request.id}`],
  ]
  const text = rows.map(([label, value]) => `${label}: ${value}`).join('\n')
  const html = `<!DOCTYPE html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a"><table cellpadding="6" cellspacing="0">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="color:#475569">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`
    )
    .join('')}</table></body></html>`
  await mail.send((message) => {
    message.to(salesEmail()).replyTo(request.user.email).subject(subject).text(text).html(html)
  })
  if (mail.use().name === 'log')
    logger.info({ to: salesEmail(), subject }, 'support mail (no SMTP_HOST set)')
}
