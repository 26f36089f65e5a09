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
  values: {
    sms_provider: string
    sms_username: string
    sms_header: string
    has_password: boolean
    configured: boolean
  }
  providers: string[]
  testResult: { ok: boolean; message: string } | null
}) {
  return (
    <ProviderSettingsPage
      declaration={declaration(providers)}
      values={values}
      testResult={testResult}
    />
  )
}
