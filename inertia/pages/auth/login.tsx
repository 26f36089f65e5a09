import { Head, useForm, usePage } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import { bindField, FormAlert, InputField, SubmitButton } from '~/components/form/fields'
import type { SharedProps } from '~/types'

export default function Login() {
  const { t } = useI18n()
  const path = useRoute()
  const { flash, socialProviders } = usePage<SharedProps>().props
  const form = useForm({ email: '', password: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(path('login'), { onFinish: () => form.reset('password') })
  }

  const hasFieldErrors = Object.keys(form.errors).length > 0
  return (
    <>
      <Head title={t('auth.login.title')}>
        <meta name="description" content={t('auth.login.description')} />
      </Head>
      <h1 className="text-2xl font-bold text-slate-900">{t('auth.login.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('auth.login.subtitle')}</p>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        <FormAlert
          tone="error"
          message={flash.error ?? (hasFieldErrors ? t('messages.login.check_information') : null)}
        />
        <FormAlert tone="success" message={flash.success} />
        <InputField
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          {...bindField(form, 'email')}
          required
        />
        <InputField
          label={t('auth.login.password')}
          type="password"
          autoComplete="current-password"
          {...bindField(form, 'password')}
          required
        />
        <div className="flex justify-end text-sm">
          <RouteLink route="reset-password" className="text-brand-700 hover:underline">
            {t('auth.login.forgot')}
          </RouteLink>
        </div>
        <SubmitButton busy={form.processing}>
          {form.processing ? t('messages.login.redirecting') : t('auth.login.submit')}
        </SubmitButton>
      </form>
      {(socialProviders.google || socialProviders.facebook) && (
        <div className="mt-6 space-y-2">
          <p className="text-center text-xs uppercase tracking-wide text-slate-500">
            {t('auth.login.or')}
          </p>
          {socialProviders.google && (
            <a
              href="/oauth/google"
              className="block w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium hover:bg-slate-50"
            >
              {t('auth.login.google')}
            </a>
          )}
          {socialProviders.facebook && (
            <a
              href="/oauth/facebook"
              className="block w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium hover:bg-slate-50"
            >
              {t('auth.login.facebook')}
            </a>
          )}
        </div>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.login.no_account')}{' '}
        <RouteLink route="signup" className="font-medium text-brand-700 hover:underline">
          {t('auth.login.signup_link')}
        </RouteLink>
      </p>
    </>
  )
}
