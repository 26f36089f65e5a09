import CompanySetting from '#models/company_setting'
import { openSecret } from '#services/settings/secrets'
import { smsProvider, type SmsResult } from '#services/sms/sms_providers'

export const SMS_PASSWORD_PURPOSE = 'company-sms-password'

/**
 * Sends an SMS through the company's provider (its SMS settings). Null when the company has
 * no provider set: there is no system SMS account to fall back on.
 */
export async function sendCompanySms(
  companyId: number,
  to: string[],
  text: string
): Promise<SmsResult | null> {
  const settings = await CompanySetting.find(companyId)
  return settings ? sendWithSettings(settings, to, text) : null
}

export async function sendWithSettings(settings: CompanySetting, to: string[], text: string) {
  const provider = settings.smsProvider ? smsProvider(settings.smsProvider) : null
  if (!provider || !settings.smsUsername || !settings.smsHeader) return null
  return provider.send(
    {
      username: settings.smsUsername,
      password: openSecret(settings.smsPassword, SMS_PASSWORD_PURPOSE) ?? '',
      header: settings.smsHeader,
    },
    to,
    text
  )
}
