import { Head, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'
import { InputField, SelectField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'

interface AccountSettingsProps {
  profile: { email: string; fullName: string; phone: string }
  settings: {
    timezone: string
    locale: string
    dateFormat: string
    defaultMapLayer: string
    defaultHomePage: string
  }
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
const dateFormats = ['dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd']
const homePages = ['backend', 'history', 'reports', 'assets'] as const

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
    <>
      <Head title={t('common.routes.account.settings')} />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">
        {t('common.routes.account.settings')}
      </h1>
      <div className="grid max-w-3xl gap-6">
        <FormSection title={t('backend.account.profile')}>
          <form
            onSubmit={save(profileForm, 'account.settings.profile')}
            className="space-y-4"
            noValidate
          >
            <InputField
              label={t('backend.account.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={profileForm.data.email}
              onChange={(event) => profileForm.setData('email', event.target.value)}
              error={profileForm.errors.email}
              hint={t('backend.account.email_change.hint')}
            />
            <InputField
              label={t('backend.account.full_name')}
              name="full_name"
              value={profileForm.data.full_name}
              onChange={(event) => profileForm.setData('full_name', event.target.value)}
              error={profileForm.errors.full_name}
            />
            <InputField
              label={t('backend.account.phone')}
              name="phone"
              value={profileForm.data.phone}
              onChange={(event) => profileForm.setData('phone', event.target.value)}
              error={profileForm.errors.phone}
            />
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t('backend.account.save')}
            </button>
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
              name="timezone"
              value={settingsForm.data.timezone}
              options={[...new Set([settings.timezone, ...timezones])].map((zone) => ({
                value: zone,
                label: zone,
              }))}
              onChange={({ target: { value } }) => settingsForm.setData('timezone', value)}
              error={settingsForm.errors.timezone}
            />
            <SelectField
              label={t('backend.account.language')}
              name="locale"
              value={settingsForm.data.locale}
              options={[
                { value: 'en', label: 'English' },
                { value: 'tr', label: 'Türkçe' },
              ]}
              onChange={({ target: { value } }) => settingsForm.setData('locale', value)}
            />
            <SelectField
              label={t('backend.account.date_format')}
              name="date_format"
              value={settingsForm.data.date_format}
              options={dateFormats.map((format) => ({ value: format, label: format }))}
              onChange={({ target: { value } }) => settingsForm.setData('date_format', value)}
            />
            <SelectField
              label={t('backend.account.default_map_layer')}
              name="default_map_layer"
              value={settingsForm.data.default_map_layer}
              options={['osm', 'osm-hot', 'topo'].map((layer) => ({
                value: layer,
                label: t(`backend.account.map_layers.${layer}`),
              }))}
              onChange={({ target: { value } }) => settingsForm.setData('default_map_layer', value)}
            />
            <SelectField
              label={t('backend.account.default_home_page')}
              name="default_home_page"
              value={settingsForm.data.default_home_page}
              options={homePages.map((page) => ({
                value: page,
                label: t(`common.routes.${page}`),
              }))}
              onChange={({ target: { value } }) => settingsForm.setData('default_home_page', value)}
            />
            <div className="sm:col-span-2">
              <button
                type="submit"
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t('backend.account.save')}
              </button>
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
            <InputField
              label={t('backend.account.current_password')}
              name="current_password"
              type="password"
              autoComplete="current-password"
              value={passwordForm.data.current_password}
              onChange={(event) => passwordForm.setData('current_password', event.target.value)}
              error={passwordForm.errors.current_password}
            />
            <InputField
              label={t('backend.account.new_password')}
              name="new_password"
              type="password"
              autoComplete="new-password"
              value={passwordForm.data.new_password}
              onChange={(event) => passwordForm.setData('new_password', event.target.value)}
              error={passwordForm.errors.new_password}
            />
            <InputField
              label={t('backend.account.new_password_confirmation')}
              name="new_password_confirmation"
              type="password"
              autoComplete="new-password"
              value={passwordForm.data.new_password_confirmation}
              onChange={(event) =>
                passwordForm.setData('new_password_confirmation', event.target.value)
              }
              error={passwordForm.errors.new_password_confirmation}
            />
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t('backend.account.update_password')}
            </button>
          </form>
        </FormSection>

        <FormSection title={t('backend.account.sessions')}>
          <p className="mb-4 text-sm text-slate-600">{t('backend.account.sessions_hint')}</p>
          <button
            type="button"
            data-testid="sign-out-everywhere"
            onClick={() => router.post(action('logout.everywhere'))}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            {t('backend.account.sign_out_everywhere')}
          </button>
        </FormSection>
      </div>
    </>
  )
}
