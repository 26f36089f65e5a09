import { Head, useForm, usePage } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import {
  bindCheckbox,
  bindField,
  FormAlert,
  InputField,
  SubmitButton,
} from '~/components/form/fields'
import type { SharedProps } from '~/types'

export default function Signup() {
  const { t } = useI18n()
  const path = useRoute()
  const { flash } = usePage<SharedProps>().props
  const form = useForm({ email: '', password: '', password_confirmation: '', terms: false })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(path('signup'))
  }

  return (
    <>
      <Head title={t('auth.signup.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('auth.signup.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('auth.signup.subtitle')}</p>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        <FormAlert tone="error" message={flash.error} />
        <InputField
          label={t('auth.signup.email')}
          type="email"
          autoComplete="email"
          {...bindField(form, 'email')}
          required
        />
        <InputField
          label={t('auth.signup.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.signup.password_hint')}
          {...bindField(form, 'password')}
          required
        />
        <InputField
          label={t('auth.signup.password_confirmation')}
          type="password"
          autoComplete="new-password"
          {...bindField(form, 'password_confirmation')}
          required
        />
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
              {...bindCheckbox(form, 'terms')}
              aria-invalid={form.errors.terms ? true : undefined}
            />
            <span>
              {t('auth.signup.terms_before')}{' '}
              <RouteLink route="terms-of-use" className="text-brand-700 underline" target="_blank">
                {t('auth.signup.terms_link')}
              </RouteLink>{' '}
              {t('auth.signup.terms_and')}{' '}
              <RouteLink
                route="privacy-policy"
                className="text-brand-700 underline"
                target="_blank"
              >
                {t('auth.signup.privacy_link')}
              </RouteLink>
            </span>
          </label>
          {form.errors.terms && (
            <p role="alert" className="text-sm text-red-600" data-field-error="terms">
              {form.errors.terms}
            </p>
          )}
        </div>
        <SubmitButton busy={form.processing}>{t('auth.signup.submit')}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.signup.have_account')}{' '}
        <RouteLink route="login" className="font-medium text-brand-700 hover:underline">
          {t('auth.signup.login_link')}
        </RouteLink>
      </p>
    </>
  )
}
