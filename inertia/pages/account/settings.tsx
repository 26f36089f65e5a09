import { router, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'
import { InputField, SelectField, bindField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { SettingsPage } from '~/components/settings/settings_page'
import { Button } from '~/components/ui/button'
import { dateFormats, homePages, mapLayerNames } from '#shared/user_settings'

type AccountSettingsProps = {
  profile: Data.Account.UserSettings
  settings: Data.Account.UserSettings.Variants['forPreferences']
  hasPassword: boolean
}

const timezones = [
  'Europe/Istanbul',
  'Europe/Tallinn',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'Asia/Dubai',
  'America/New_York',
  'UTC',
]

export default function AccountSettings({ profile, settings, hasPassword }: AccountSettingsProps) {
  const { t } = useI18n()
  const action = useAction()
  const profileForm = useForm({
    email: profile.email,
    full_name: profile.fullName,
    phone: profile.phone,
  })
  const settingsForm = useForm({
    timezone: settings.timezone,
    locale: settings.locale,
    date_format: settings.dateFormat,
    default_map_layer: settings.defaultMapLayer,
    default_home_page: settings.defaultHomePage,
  })
  const passwordForm = useForm({
    current_password: '',
    new_password: '',
    new_password_confirmation: '',
  })

  const save =
    (
      form: { put: (url: string, options?: object) => void },
      name:
        'account.settings.profile' | 'account.settings.preferences' | 'account.settings.password'
    ) =>
    (event: FormEvent) => {
      event.preventDefault()
      form.put(action(name), { preserveScroll: true })
    }

  return (
    <SettingsPage title={t('common.routes.account.settings')}>
      <FormSection title={t('backend.account.profile')}>
        <form
          onSubmit={save(profileForm, 'account.settings.profile')}
          className="space-y-4"
          noValidate
        >
          <InputField
            label={t('backend.account.email')}
            type="email"
            autoComplete="email"
            {...bindField(profileForm, 'email')}
            hint={t('backend.account.email_change.hint')}
          />
          <InputField
            label={t('backend.account.full_name')}
            {...bindField(profileForm, 'full_name')}
          />
          <InputField label={t('backend.account.phone')} {...bindField(profileForm, 'phone')} />
          <Button type="submit">{t('backend.account.save')}</Button>
        </form>
      </FormSection>

      <FormSection title={t('backend.account.preferences')}>
        <form
          onSubmit={save(settingsForm, 'account.settings.preferences')}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <SelectField
            label={t('backend.account.timezone')}
            {...bindField(settingsForm, 'timezone')}
            options={[...new Set([settings.timezone, ...timezones])].map((zone) => ({
              value: zone,
              label: zone,
            }))}
          />
          <SelectField
            label={t('backend.account.language')}
            {...bindField(settingsForm, 'locale')}
            options={[
              { value: 'en', label: 'English' },
              { value: 'tr', label: 'Türkçe' },
            ]}
          />
          <SelectField
            label={t('backend.account.date_format')}
            {...bindField(settingsForm, 'date_format')}
            options={dateFormats.map((format) => ({ value: format, label: format }))}
          />
          <SelectField
            label={t('backend.account.default_map_layer')}
            {...bindField(settingsForm, 'default_map_layer')}
            options={mapLayerNames.map((layer) => ({
              value: layer,
              label: t(`backend.account.map_layers.${layer}`),
            }))}
          />
          <SelectField
            label={t('backend.account.default_home_page')}
            {...bindField(settingsForm, 'default_home_page')}
            options={homePages.map((page) => ({
              value: page,
              label: t(`common.routes.${page}`),
            }))}
          />
          <div className="sm:col-span-2">
            <Button type="submit">{t('backend.account.save')}</Button>
          </div>
        </form>
      </FormSection>

      <FormSection title={t('backend.account.change_password')}>
        {!hasPassword && (
          <p className="mb-4 text-sm text-slate-600">{t('backend.account.no_password')}</p>
        )}
        <form
          onSubmit={save(passwordForm, 'account.settings.password')}
          className="space-y-4"
          noValidate
        >
          {(['current_password', 'new_password', 'new_password_confirmation'] as const).map(
            (name) => (
              <InputField
                key={name}
                label={t(`backend.account.${name}`)}
                type="password"
                autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
                {...bindField(passwordForm, name)}
              />
            )
          )}
          <Button type="submit">{t('backend.account.update_password')}</Button>
        </form>
      </FormSection>

      <FormSection title={t('backend.account.sessions')}>
        <p className="mb-4 text-sm text-slate-600">{t('backend.account.sessions_hint')}</p>
        <Button
          variant="outline"
          data-testid="sign-out-everywhere"
          onClick={() => router.post(action('logout.everywhere'))}
        >
          {t('backend.account.sign_out_everywhere')}
        </Button>
      </FormSection>
    </SettingsPage>
  )
}
