import { Head, router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { FormAlert, InputField, SelectField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'

type Values = {
  sms_provider: string
  sms_username: string
  sms_header: string
  has_password: boolean
  configured: boolean
}

export default function SmsSettings({
  values,
  providers,
  testResult,
}: {
  values: Values
  providers: string[]
  testResult: { ok: boolean; message: string } | null
}) {
  const { t } = useI18n()
  const path = useRoute()
  const base = path('settings.sms-settings').replace(/\/$/, '')
  const [removing, setRemoving] = useState(false)
  const form = useForm({
    sms_provider: values.sms_provider || providers[0],
    sms_username: values.sms_username,
    sms_password: '',
    sms_header: values.sms_header,
  })
  const test = useForm({ phone: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(base, { preserveScroll: true, onSuccess: () => form.setData('sms_password', '') })
  }

  function sendTest(event: FormEvent) {
    event.preventDefault()
    test.post(`${base}/test`, { preserveScroll: true })
  }

  return (
    <>
      <Head title={t('common.routes.settings.sms-settings')} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t('common.routes.settings.sms-settings')}
      </h1>
      <p className="mb-6 max-w-3xl text-sm text-slate-600">
        {values.configured ? t('settings.sms.intro_configured') : t('settings.sms.intro_none')}
      </p>
      <div className="max-w-3xl space-y-6">
        <FormSection title={t('settings.sms.account')}>
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('settings.sms.fields.sms_provider')}
              name="sms_provider"
              value={form.data.sms_provider}
              onChange={(event) => form.setData('sms_provider', event.target.value)}
              error={form.errors.sms_provider}
              options={providers.map((name) => ({
                value: name,
                label: t(`settings.sms.providers.${name}`),
              }))}
            />
            <InputField
              label={t('settings.sms.fields.sms_header')}
              name="sms_header"
              hint={t('settings.sms.header_hint')}
              value={form.data.sms_header}
              onChange={(event) => form.setData('sms_header', event.target.value)}
              error={form.errors.sms_header}
            />
            <InputField
              label={t('settings.sms.fields.sms_username')}
              name="sms_username"
              autoComplete="off"
              value={form.data.sms_username}
              onChange={(event) => form.setData('sms_username', event.target.value)}
              error={form.errors.sms_username}
            />
            <InputField
              label={t('settings.sms.fields.sms_password')}
              name="sms_password"
              type="password"
              autoComplete="new-password"
              hint={
                values.has_password
                  ? t('settings.sms.password_kept')
                  : t('settings.sms.password_none')
              }
              value={form.data.sms_password}
              onChange={(event) => form.setData('sms_password', event.target.value)}
              error={form.errors.sms_password}
            />
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" disabled={form.processing}>
                {t('settings.save')}
              </Button>
              {values.configured ? (
                <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
                  {t('settings.sms.remove')}
                </Button>
              ) : null}
            </div>
          </form>
        </FormSection>
        <FormSection title={t('settings.sms.test_title')}>
          <form onSubmit={sendTest} noValidate className="space-y-4">
            <InputField
              label={t('settings.sms.fields.phone')}
              name="phone"
              type="tel"
              placeholder="+905321234567"
              hint={t('settings.sms.phone_hint')}
              value={test.data.phone}
              onChange={(event) => test.setData('phone', event.target.value)}
              error={test.errors.phone}
            />
            <div aria-live="polite" data-testid="sms-test-result">
              {testResult ? (
                <FormAlert
                  tone={testResult.ok ? 'success' : 'error'}
                  message={testResult.message}
                />
              ) : null}
            </div>
            <Button
              type="submit"
              variant="outline"
              disabled={test.processing || !values.configured}
            >
              {t('settings.sms.test_send')}
            </Button>
          </form>
        </FormSection>
      </div>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('settings.sms.remove')}
        message={t('settings.sms.remove_confirm')}
        confirmLabel={t('settings.sms.remove')}
        onConfirm={() =>
          router.delete(base, { preserveScroll: true, onFinish: () => setRemoving(false) })
        }
      />
    </>
  )
}
