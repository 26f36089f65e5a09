import type { Data } from '~generated/data'
import {
  ProviderSettingsPage,
  type ProviderSettingsDeclaration,
} from '~/components/settings/provider_settings'

/** The company's own SMTP server (e-mails then go out through it) and a test message. */
const declaration: ProviderSettingsDeclaration = {
  route: 'settings.email-settings',
  namespace: 'email',
  introNone: 'settings.email.intro_system',
  section: 'settings.email.server',
  fields: [
    { name: 'smtp_host' },
    { name: 'smtp_port', type: 'number' },
    { name: 'smtp_user' },
    { name: 'smtp_sender_name' },
    { name: 'smtp_sender_email', type: 'email' },
  ],
  secret: 'smtp_password',
  clearSecret: true,
  test: {
    field: 'to',
    type: 'email',
    help: 'settings.email.test_help',
    sending: 'settings.email.test_sending',
    resultTestId: 'smtp-test-result',
  },
}

export default function EmailSettings({
  values,
  testAddress,
  testResult,
}: {
  values: Data.Settings.EmailSettings
  testAddress: string
  testResult: Data.Settings.ProviderTestResult | null
}) {
  return (
    <ProviderSettingsPage
      declaration={declaration}
      values={values}
      testResult={testResult}
      testInitial={testAddress}
    />
  )
}
