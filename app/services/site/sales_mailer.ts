import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import i18nManager from '@adonisjs/i18n/services/main'
import siteConfig from '#config/site'
import { escapeHtml } from '#services/site/markdown'

/** Where contact messages, demo requests and quote requests go (README: SALES_EMAIL). */
export function salesEmail(): string {
  return siteConfig.salesEmail
}

export interface SalesNotification {
  /** i18n key of the subject under site.mail, e.g. `contact` reads site.mail.contact.subject. */
  kind: 'contact' | 'demo' | 'quote'
  subjectValues: Record<string, string>
  /** Label/value rows, in the order shown. Empty values are left out. */
  fields: [label: string, value: string | number | null | undefined][]
  replyTo?: string
  link?: string
}

/**
 * Tells the sales team about something a visitor sent. Written in the default language (the
 * team's), with the visitor's language among the fields; Reply-To is the visitor.
 */
export async function notifySales(notification: SalesNotification) {
  const i18n = i18nManager.locale(i18nManager.defaultLocale)
  const subjectValues = Object.fromEntries(
    Object.entries(notification.subjectValues).map(([name, value]) => [
      name,
      value.replace(/[\r\n\t]+/g, ' ').slice(0, 120),
    ])
  )
  const subject = i18n.t(`site.mail.${notification.kind}.subject`, subjectValues)
  const heading = i18n.t(`site.mail.${notification.kind}.heading`)
  const rows = notification.fields
    .filter(([, value]) => value !== null && value !== undefined && String(value).trim() !== '')
    .map(([label, value]) => [i18n.t(`site.mail.fields.${label}`), String(value)] as const)

  const text = [
    heading,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(notification.link ? ['', notification.link] : []),
  ].join('\n')

  const html = `<!DOCTYPE html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<h2 style="color:#0f766e;margin:0 0 12px">${escapeHtml(heading)}</h2>
<table cellpadding="6" cellspacing="0" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="color:#475569;padding-right:16px">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`
    )
    .join('')}</table>${
    notification.link
      ? `<p><a href="${escapeHtml(notification.link)}">${escapeHtml(notification.link)}</a></p>`
      : ''
  }</body></html>`

  await mail.send((message) => {
    message.to(salesEmail()).subject(subject).text(text).html(html)
    if (notification.replyTo) message.replyTo(notification.replyTo)
  })
  if (mail.use().name === 'log') {
    logger.info({ to: salesEmail(), subject }, 'sales mail (no SMTP_HOST set)')
  }
}
