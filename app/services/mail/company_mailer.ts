import mail from '@adonisjs/mail/services/main'
import emitter from '@adonisjs/core/services/emitter'
import { Mailer } from '@adonisjs/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import type { MailerContract } from '@adonisjs/mail/types'
import CompanySetting from '#models/company_setting'
import { openSecret } from '#services/settings/secrets'

export const SMTP_PASSWORD_PURPOSE = 'company-smtp-password'

/** What a company's SMTP server needs; the password in clear (only ever in memory). */
export interface CompanySmtp {
  companyId: number
  host: string
  port: number
  user: string | null
  password: string | null
  senderName: string | null
  senderEmail: string
}

/** The company's SMTP server, or null when it has none (the system SMTP is used). */
export function companySmtpOf(settings: CompanySetting | null): CompanySmtp | null {
  if (!settings?.smtpHost || !settings.smtpPort || !settings.smtpSenderEmail) return null
  return {
    companyId: settings.companyId,
    host: settings.smtpHost,
    port: settings.smtpPort,
    user: settings.smtpUser,
    password: openSecret(settings.smtpPassword, SMTP_PASSWORD_PURPOSE),
    senderName: settings.smtpSenderName,
    senderEmail: settings.smtpSenderEmail,
  }
}

/** A mailer that sends through the given SMTP server, from its sender. */
export function smtpMailer(smtp: CompanySmtp): MailerContract<any> {
  const transport = new SMTPTransport({
    host: smtp.host,
    port: smtp.port,
    // 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it.
    secure: smtp.port === 465,
    auth: smtp.user ? { type: 'login', user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return new Mailer(`company-${smtp.companyId}`, transport, emitter as any, {
    from: { address: smtp.senderEmail, name: smtp.senderName ?? smtp.senderEmail },
  }) as unknown as MailerContract<any>
}

/**
 * The mailer of a company's notifications and scheduled reports: its own SMTP server when
 * the e-mail settings name one, the system's (SMTP_HOST, or the log) otherwise.
 */
export async function mailerForCompany(companyId: number): Promise<MailerContract<any>> {
  const smtp = companySmtpOf(await CompanySetting.find(companyId))
  return smtp ? smtpMailer(smtp) : (mail.use() as unknown as MailerContract<any>)
}

export interface SmtpTestResult {
  ok: boolean
  /** What went wrong, in kinds the page explains: auth, connection, refused. */
  kind: 'sent' | 'auth' | 'connection' | 'refused'
  /** The server's own answer (e.g. "535 5.7.8 Authentication failed"), or the socket error. */
  answer: string
}

/** Sends a test e-mail through the company's server and reports the server's answer. */
export async function sendSmtpTest(
  smtp: CompanySmtp,
  to: string,
  content: { subject: string; text: string }
): Promise<SmtpTestResult> {
  try {
    const response = await smtpMailer(smtp).send((message) => {
      message.to(to).subject(content.subject).text(content.text)
    })
    const info = response.original as { response?: string } | undefined
    return { ok: true, kind: 'sent', answer: String(info?.response ?? response.messageId ?? '') }
  } catch (error) {
    const failure = error as { code?: string; response?: string; message?: string }
    const answer = String(failure.response ?? failure.message ?? error)
    if (failure.code === 'EAUTH') return { ok: false, kind: 'auth', answer }
    if (['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS'].includes(failure.code ?? '')) {
      return { ok: false, kind: 'connection', answer }
    }
    return { ok: false, kind: 'refused', answer }
  }
}
