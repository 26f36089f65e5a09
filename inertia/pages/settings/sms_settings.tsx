import type { Data } from '~generated/data'
import {
  ProviderSettingsPage,
  type ProviderSettingsDeclaration,
} from '~/components/settings/provider_settings'

/** The company's own SMS account (notifications by SMS go out through it) and a test message. */
function declaration(providers: string[]): ProviderSettingsDeclaration {
  return {
    route: 'settings.sms-settings',
    namespace: 'sms',
    introNone: 'settings.sms.intro_none',
    section: 'settings.sms.account',
    fields: [
      { name: 'sms_provider', options: providers },
      { name: 'sms_header', hint: 'settings.sms.header_hint' },
      { name: 'sms_username' },
    ],
    secret: 'sms_password',
    test: {
      field: 'phone',
      type: 'tel',
      placeholder: '+905321234567',
      hint: 'settings.sms.phone_hint',
      resultTestId: 'sms-test-result',
    },
  }
}

export default function SmsSettings({
  values,
  providers,
  testResult,
}: {
  values: Data.Settings.SmsSettings
  providers: string[]
  testResult: Data.Settings.ProviderTestResult | null
}) {
  return (
    <ProviderSettingsPage
      declaration={declaration(providers)}
      values={values}
      testResult={testResult}
    />
  )
}
