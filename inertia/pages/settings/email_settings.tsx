import { Head, router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { FormAlert, InputField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'

type Values = {
  smtp_host: string
  smtp_port: string
  smtp_user: string
  smtp_sender_name: string
  smtp_sender_email: string
  has_password: boolean
  configured: boolean
}

const textFields = [
  'smtp_host',
  'smtp_port',
  'smtp_user',
  'smtp_sender_name',
  'smtp_sender_email',
] as const

export default function EmailSettings({
  values,
  testAddress,
  testResult,
}: {
  values: Values
  testAddress: string
  testResult: { ok: boolean; message: string } | null
}) {
  const { t } = useI18n()
  const path = useRoute()
  const base = path('settings.email-settings').replace(/\/$/, '')
  const [removing, setRemoving] = useState(false)
  const form = useForm({
    smtp_host: values.smtp_host,
    smtp_port: values.smtp_port,
    smtp_user: values.smtp_user,
    smtp_password: '',
    clear_password: false,
    smtp_sender_name: values.smtp_sender_name,
    smtp_sender_email: values.smtp_sender_email,
  })
  const test = useForm({ to: testAddress })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(base, { preserveScroll: true, onSuccess: () => form.setData('smtp_password', '') })
  }

  function sendTest(event: FormEvent) {
    event.preventDefault()
    test.post(`${base}/test`, { preserveScroll: true })
  }

  return (
    <>
      <Head title={t('common.routes.settings.email-settings')} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t('common.routes.settings.email-settings')}
      </h1>
      <p className="mb-6 max-w-3xl text-sm text-slate-600">
        {values.configured
          ? t('settings.email.intro_configured')
          : t('settings.email.intro_system')}
      </p>
      <div className="max-w-3xl space-y-6">
        <FormSection title={t('settings.email.server')}>
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            {textFields.map((name) => (
              <InputField
                key={name}
                label={t(`settings.email.fields.${name}`)}
                name={name}
                type={
                  name === 'smtp_port' ? 'number' : name === 'smtp_sender_email' ? 'email' : 'text'
                }
                autoComplete="off"
                value={form.data[name]}
                onChange={(event) => form.setData(name, event.target.value)}
                error={form.errors[name]}
              />
            ))}
            <InputField
              label={t('settings.email.fields.smtp_password')}
              name="smtp_password"
              type="password"
              autoComplete="new-password"
              hint={
                values.has_password
                  ? t('settings.email.password_kept')
                  : t('settings.email.password_none')
              }
              value={form.data.smtp_password}
              onChange={(event) => form.setData('smtp_password', event.target.value)}
              error={form.errors.smtp_password}
            />
            {values.has_password ? (
              <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={form.data.clear_password}
                  onChange={(event) => form.setData('clear_password', event.target.checked)}
                />
                {t('settings.email.clear_password')}
              </label>
            ) : null}
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" disabled={form.processing}>
                {t('settings.save')}
              </Button>
              {values.configured ? (
                <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
                  {t('settings.email.remove')}
                </Button>
              ) : null}
            </div>
          </form>
        </FormSection>
        <FormSection title={t('settings.email.test_title')}>
          <form onSubmit={sendTest} noValidate className="space-y-4">
            <p className="text-sm text-slate-600">{t('settings.email.test_help')}</p>
            <InputField
              label={t('settings.email.fields.to')}
              name="to"
              type="email"
              value={test.data.to}
              onChange={(event) => test.setData('to', event.target.value)}
              error={test.errors.to}
            />
            <div aria-live="polite" data-testid="smtp-test-result">
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
              {test.processing ? t('settings.email.test_sending') : t('settings.email.test_send')}
            </Button>
          </form>
        </FormSection>
      </div>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('settings.email.remove')}
        message={t('settings.email.remove_confirm')}
        confirmLabel={t('settings.email.remove')}
        onConfirm={() =>
          router.delete(base, { preserveScroll: true, onFinish: () => setRemoving(false) })
        }
      />
    </>
  )
}
