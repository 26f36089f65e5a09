import type { HttpContext } from '@adonisjs/core/http'
import CompanySetting from '#models/company_setting'
import { sealSecret } from '#services/settings/secrets'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { fieldError, validateOrFlash } from '#services/settings/field_error'
import { SMS_PASSWORD_PURPOSE, sendWithSettings } from '#services/sms/company_sms'
import { smsProviderNames } from '#services/sms/sms_providers'
import { smsSettingsValidator, testSmsValidator } from '#validators/settings/settings_validators'
import { smsSettingsForForm } from '#transformers/settings/settings_transformer'

/** The company's bulk-SMS provider (spec §3): provider, user name, password, header. */
export default class SmsSettingsController {
  async show({ inertia, company, session }: HttpContext) {
    const settings = await CompanySetting.find(company!.id)
    return inertia.render('settings/sms_settings', {
      values: smsSettingsForForm(settings),
      providers: smsProviderNames,
      testResult: (session.flashMessages.get('smsTest') ?? null) as {
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
        request.validateUsing(smsSettingsValidator, {
          messagesProvider: new SettingsMessagesProvider(i18n, 'sms'),
        }),
      'messages.form.failed'
    )
    const settings = await CompanySetting.of(company!.id)
    settings.merge({
      smsProvider: payload.sms_provider,
      smsUsername: payload.sms_username,
      smsHeader: payload.sms_header,
    })
    if (payload.sms_password) {
      settings.smsPassword = sealSecret(payload.sms_password, SMS_PASSWORD_PURPOSE)
    }
    await settings.save()
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }

  async destroy({ company, session, response, i18n }: HttpContext) {
    const settings = await CompanySetting.of(company!.id)
    settings.merge({ smsProvider: null, smsUsername: null, smsPassword: null, smsHeader: null })
    await settings.save()
    session.flash('success', i18n.t('settings.sms.removed'))
    return response.redirect().back()
  }

  /** Sends a test SMS through the saved provider and reports its answer. */
  async test(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const { phone } = await request.validateUsing(testSmsValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'sms'),
    })
    const settings = await CompanySetting.find(company!.id)
    const result = settings
      ? await sendWithSettings(
          settings,
          [phone],
          i18n.t('settings.sms.test_text', { company: company!.name })
        )
      : null
    if (!result) return fieldError(ctx, 'phone', i18n.t('settings.sms.test_not_configured'))
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
    session.flash(result.ok ? 'success' : 'error', message)
    session.flash('smsTest', { ok: result.ok, message })
    return response.redirect().back()
  }
}
