import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'
import { JSONTransport } from '@adonisjs/mail/transports/json'

/**
 * With SMTP_HOST set, mail goes out over SMTP. Without it (a fresh clone) the
 * "log" mailer renders each message as JSON and the mail service writes it to
 * the log, so a newcomer can still follow a confirmation link.
 */
const smtpUser = env.get('SMTP_USER')

const mailConfig = defineConfig({
  default: env.get('SMTP_HOST') ? 'smtp' : 'log',
  from: {
    address: env.get('MAIL_FROM_ADDRESS', 'no-reply@fleettrack.local'),
    name: env.get('MAIL_FROM_NAME', 'FleetTrack'),
  },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST', 'localhost'),
      port: env.get('SMTP_PORT', 587),
      secure: env.get('SMTP_SECURE', false),
      ignoreTLS: !env.get('SMTP_SECURE', false) && !smtpUser,
      auth: smtpUser
        ? { type: 'login', user: smtpUser, pass: env.get('SMTP_PASSWORD')?.release() ?? '' }
        : undefined,
    }),
    log: () => new JSONTransport(),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
