import type CompanySetting from '#models/company_setting'

/** The e-mail settings form: never the password, only whether one is stored. */
export function emailSettingsForForm(settings: CompanySetting | null) {
  return {
    smtp_host: settings?.smtpHost ?? '',
    smtp_port: settings?.smtpPort ? String(settings.smtpPort) : '587',
    smtp_user: settings?.smtpUser ?? '',
    smtp_sender_name: settings?.smtpSenderName ?? '',
    smtp_sender_email: settings?.smtpSenderEmail ?? '',
    has_password: Boolean(settings?.smtpPassword),
    configured: Boolean(settings?.smtpHost),
  }
}

/** The SMS settings form: never the password, only whether one is stored. */
export function smsSettingsForForm(settings: CompanySetting | null) {
  return {
    sms_provider: settings?.smsProvider ?? '',
    sms_username: settings?.smsUsername ?? '',
    sms_header: settings?.smsHeader ?? '',
    has_password: Boolean(settings?.smsPassword),
    configured: Boolean(settings?.smsProvider),
  }
}
