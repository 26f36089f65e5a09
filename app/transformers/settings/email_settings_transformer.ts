import { BaseTransformer } from '@adonisjs/core/transformers'
import type CompanySetting from '#models/company_setting'

/**
 * The e-mail settings form: never the password, only whether one is stored. The page's type
 * is generated from this class (`Data.Settings.EmailSettings`).
 */
export default class EmailSettingsTransformer extends BaseTransformer<CompanySetting | null> {
  toObject() {
    const settings = this.resource
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
}

export function emailSettingsForForm(settings: CompanySetting | null) {
  return new EmailSettingsTransformer(settings).toObject()
}
