import { Head, useForm, usePage } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import { bindField, FormAlert, InputField, SubmitButton } from '~/components/form/fields'
import type { SharedProps } from '~/types'

export default function ResetPassword() {
  const { t } = useI18n()
  const path = useRoute()
  const { flash } = usePage<SharedProps>().props
  const form = useForm({ email: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(path('reset-password'))
  }

  return (
    <>
      <Head title={t('auth.reset.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('auth.reset.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('auth.reset.subtitle')}</p>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        <FormAlert tone="error" message={flash.error} />
        <FormAlert tone="success" message={flash.success} />
        <InputField
          label={t('auth.reset.email')}
          type="email"
          autoComplete="email"
          {...bindField(form, 'email')}
          required
        />
        <SubmitButton busy={form.processing}>{t('auth.reset.submit')}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <RouteLink route="login" className="text-brand-700 hover:underline">
          {t('auth.reset.back')}
        </RouteLink>
      </p>
    </>
  )
}
