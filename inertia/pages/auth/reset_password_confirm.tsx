import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { bindField, InputField, SubmitButton } from '~/components/form/fields'

type ResetPasswordConfirmProps = Data.Auth.PasswordResetLink

export default function ResetPasswordConfirm({ valid, action }: ResetPasswordConfirmProps) {
  const { t } = useI18n()
  const form = useForm({ password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(action)
  }

  return (
    <>
      <Head title={t('auth.reset_confirm.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('auth.reset_confirm.title')}</h1>
      {valid ? (
        <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
          <InputField
            label={t('auth.reset_confirm.password')}
            type="password"
            autoComplete="new-password"
            {...bindField(form, 'password')}
            required
          />
          <InputField
            label={t('auth.reset_confirm.password_confirmation')}
            type="password"
            autoComplete="new-password"
            {...bindField(form, 'password_confirmation')}
            required
          />
          <SubmitButton busy={form.processing}>{t('auth.reset_confirm.submit')}</SubmitButton>
        </form>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">{t('auth.reset_confirm.invalid')}</p>
          <RouteLink
            route="reset-password"
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t('auth.reset_confirm.request_new')}
          </RouteLink>
        </div>
      )}
    </>
  )
}
