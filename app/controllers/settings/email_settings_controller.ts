import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import CompanySetting from '#models/company_setting'
import { companySmtpOf, sendSmtpTest, SMTP_PASSWORD_PURPOSE } from '#services/mail/company_mailer'
import { sealSecret } from '#services/settings/secrets'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { fieldError, validateOrFlash } from '#services/settings/field_error'
import {
  emailSettingsValidator,
  testEmailValidator,
} from '#validators/settings/settings_validators'
import { emailSettingsForForm } from '#transformers/settings/settings_transformer'

/**
 * The company's own SMTP server (spec §3), used for its notifications and scheduled reports.
 * The password is stored encrypted with the app key and never sent back to the browser.
 */
export default class EmailSettingsController {
  async show({ inertia, company, auth, session }: HttpContext) {
    const settings = await CompanySetting.find(company!.id)
    return inertia.render('settings/email_settings', {
      values: emailSettingsForForm(settings),
      testAddress: auth.user!.email,
      testResult: (session.flashMessages.get('smtpTest') ?? null) as {
        ok: boolean
        message: string
      } | null,
    })
  }

  async update(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const payload = await validateOrFlash(
      ctx,
      () =>
        request.validateUsing(emailSettingsValidator, {
          messagesProvider: new SettingsMessagesProvider(i18n, 'email'),
        }),
      'settings.email.update_failed'
    )
    const settings = await CompanySetting.of(company!.id)
    settings.merge({
      smtpHost: payload.smtp_host,
      smtpPort: payload.smtp_port,
      smtpUser: payload.smtp_user ?? null,
      smtpSenderName: payload.smtp_sender_name ?? null,
      smtpSenderEmail: payload.smtp_sender_email,
    })
    if (payload.smtp_password) {
      settings.smtpPassword = sealSecret(payload.smtp_password, SMTP_PASSWORD_PURPOSE)
    } else if (payload.clear_password) {
      settings.smtpPassword = null
    }
    try {
      await settings.save()
    } catch (error) {
      logger.error({ err: error, companyId: company!.id }, 'SMTP settings not saved')
      session.flash('error', i18n.t('settings.email.update_failed'))
      return response.redirect().back()
    }
    session.flash('success', i18n.t('settings.email.updated'))
    return response.redirect().back()
  }

  /** Removes the company's server: its e-mails go through the system SMTP again. */
  async destroy({ company, session, response, i18n }: HttpContext) {
    const settings = await CompanySetting.of(company!.id)
    settings.merge({
      smtpHost: null,
      smtpPort: null,
      smtpUser: null,
      smtpPassword: null,
      smtpSenderName: null,
      smtpSenderEmail: null,
    })
    await settings.save()
    session.flash('success', i18n.t('settings.email.removed'))
    return response.redirect().back()
  }

  /** Sends a test e-mail through the saved server and reports the server's answer. */
  async test(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const { to } = await request.validateUsing(testEmailValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'email'),
    })
    const smtp = companySmtpOf(await CompanySetting.find(company!.id))
    if (!smtp) return fieldError(ctx, 'to', i18n.t('settings.email.test_not_configured'))
    const result = await sendSmtpTest(smtp, to, {
      subject: i18n.t('settings.email.test_subject'),
      text: i18n.t('settings.email.test_body', { company: company!.name }),
    })
    const message = i18n.t(`settings.email.test_${result.kind}`, {
      answer: result.answer,
      to,
      host: smtp.host,
    })
    session.flash(result.ok ? 'success' : 'error', message)
    session.flash('smtpTest', { ok: result.ok, message })
    return response.redirect().back()
  }
}
