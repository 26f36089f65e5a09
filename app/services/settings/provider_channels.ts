import type { HttpContext } from '@adonisjs/core/http'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import type CompanySetting from '#models/company_setting'
import { companySmtpOf, sendSmtpTest, SMTP_PASSWORD_PURPOSE } from '#services/mail/company_mailer'
import { SMS_PASSWORD_PURPOSE, sendWithSettings } from '#services/sms/company_sms'
import { smsProviderNames } from '#services/sms/sms_providers'
import { sealSecret } from '#services/settings/secrets'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import {
  emailSettingsValidator,
  smsSettingsValidator,
  testEmailValidator,
  testSmsValidator,
} from '#validators/settings/settings_validators'
import { emailSettingsForForm } from '#transformers/settings/email_settings_transformer'
import { smsSettingsForForm } from '#transformers/settings/sms_settings_transformer'
import {
  providerTestResultForPage,
  type ProviderTestResult,
} from '#transformers/settings/provider_test_result_transformer'

export type TestResult = ProviderTestResult

/** What a test message answers: the page's result, or the field it needs first. */
export type TestOutcome = TestResult | { field: string; error: string }

/**
 * One outgoing channel of the company's own provider (e-mail through its SMTP server, SMS
 * through its bulk-SMS account): the page, how the form is read and stored, what removing
 * it clears and how a test message goes. `ProviderSettingsController` serves each of them.
 */
export interface ProviderChannel {
  /** The settings page's route name (its EN and TR paths). */
  route: 'settings.email-settings' | 'settings.sms-settings'
  /** The flash key of the last test's result. */
  testFlash: string
  /** Messages of settings.<namespace>.* */
  namespace: string
  failedKey: string
  updatedKey: string
  removedKey: string
  render(ctx: HttpContext, settings: CompanySetting | null, testResult: TestResult | null): unknown
  /** Validates the form; what it returns writes it on the settings (the password sealed, kept when empty). */
  read(ctx: HttpContext): Promise<(settings: CompanySetting) => void>
  /** The columns removing the provider clears. */
  cleared: Partial<ModelAttributes<CompanySetting>>
  test(ctx: HttpContext, settings: CompanySetting | null): Promise<TestOutcome>
}

const messages = (ctx: HttpContext, namespace: string) => ({
  messagesProvider: new SettingsMessagesProvider(ctx.i18n, namespace),
})

/** The company's own SMTP server (spec §3), used for its notifications and scheduled reports. */
const email: ProviderChannel = {
  route: 'settings.email-settings',
  testFlash: 'smtpTest',
  namespace: 'email',
  failedKey: 'settings.email.update_failed',
  updatedKey: 'settings.email.updated',
  removedKey: 'settings.email.removed',
  render: (ctx, settings, testResult) =>
    ctx.inertia.render('settings/email_settings', {
      values: emailSettingsForForm(settings),
      testAddress: ctx.auth.user!.email,
      testResult: providerTestResultForPage(testResult),
    }),
  async read(ctx) {
    const payload = await ctx.request.validateUsing(emailSettingsValidator, messages(ctx, 'email'))
    return (settings) => {
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
    }
  },
  cleared: {
    smtpHost: null,
    smtpPort: null,
    smtpUser: null,
    smtpPassword: null,
    smtpSenderName: null,
    smtpSenderEmail: null,
  },
  async test(ctx, settings) {
    const { i18n, company } = ctx
    const { to } = await ctx.request.validateUsing(testEmailValidator, messages(ctx, 'email'))
    const smtp = companySmtpOf(settings)
    if (!smtp) return { field: 'to', error: i18n.t('settings.email.test_not_configured') }
    const result = await sendSmtpTest(smtp, to, {
      subject: i18n.t('settings.email.test_subject'),
      text: i18n.t('settings.email.test_body', { company: company!.name }),
    })
    const message = i18n.t(`settings.email.test_${result.kind}`, {
      answer: result.answer,
      to,
      host: smtp.host,
    })
    return { ok: result.ok, message }
  },
}

/** The company's bulk-SMS provider (spec §3): provider, user name, password, header. */
const sms: ProviderChannel = {
  route: 'settings.sms-settings',
  testFlash: 'smsTest',
  namespace: 'sms',
  failedKey: 'messages.form.failed',
  updatedKey: 'messages.form.submitted',
  removedKey: 'settings.sms.removed',
  render: (ctx, settings, testResult) =>
    ctx.inertia.render('settings/sms_settings', {
      values: smsSettingsForForm(settings),
      providers: smsProviderNames,
      testResult: providerTestResultForPage(testResult),
    }),
  async read(ctx) {
    const payload = await ctx.request.validateUsing(smsSettingsValidator, messages(ctx, 'sms'))
    return (settings) => {
      settings.merge({
        smsProvider: payload.sms_provider,
        smsUsername: payload.sms_username,
        smsHeader: payload.sms_header,
      })
      if (payload.sms_password) {
        settings.smsPassword = sealSecret(payload.sms_password, SMS_PASSWORD_PURPOSE)
      }
    }
  },
  cleared: { smsProvider: null, smsUsername: null, smsPassword: null, smsHeader: null },
  async test(ctx, settings) {
    const { i18n, company } = ctx
    const { phone } = await ctx.request.validateUsing(testSmsValidator, messages(ctx, 'sms'))
    const result = settings
      ? await sendWithSettings(
          settings,
          [phone],
          i18n.t('settings.sms.test_text', { company: company!.name })
        )
      : null
    if (!result) return { field: 'phone', error: i18n.t('settings.sms.test_not_configured') }
    const kind = result.ok
      ? 'sent'
      : result.authFailed
        ? 'auth'
        : result.code
          ? 'refused'
          : 'connection'
    const message = i18n.t(`settings.sms.test_${kind}`, {
      phone,
      code: result.code,
      detail: result.detail,
      provider: i18n.t(`settings.sms.providers.${settings!.smsProvider}`),
    })
    return { ok: result.ok, message }
  },
}

export const providerChannels = [email, sms]

/** The channel whose page the route belongs to (`settings.sms-settings.put`, `tr.settings...`). */
export function providerChannelOfRoute(routeName: string | undefined) {
  const name = (routeName ?? '').replace(/^tr\./, '')
  const channel = providerChannels.find(
    (candidate) => name === candidate.route || name.startsWith(`${candidate.route}.`)
  )
  if (!channel) throw new Error(`No provider settings channel for route ${routeName}`)
  return channel
}
