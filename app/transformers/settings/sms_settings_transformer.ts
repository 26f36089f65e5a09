import { BaseTransformer } from '@adonisjs/core/transformers'
import type CompanySetting from '#models/company_setting'

/**
 * The SMS settings form: never the password, only whether one is stored. The page's type is
 * generated from this class (`Data.Settings.SmsSettings`).
 */
export default class SmsSettingsTransformer extends BaseTransformer<CompanySetting | null> {
  toObject() {
    const settings = this.resource
    return {
      sms_provider: settings?.smsProvider ?? '',
      sms_username: settings?.smsUsername ?? '',
      sms_header: settings?.smsHeader ?? '',
      has_password: Boolean(settings?.smsPassword),
      configured: Boolean(settings?.smsProvider),
    }
  }
}

export function smsSettingsForForm(settings: CompanySetting | null) {
  return new SmsSettingsTransformer(settings).toObject()
}
