import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { SubmitButton, InputField } from '~/components/form/fields'

interface InvitationProps {
  state: 'invalid' | 'expired' | 'open'
  email?: string
  companyName?: string
  invitedRole?: string
  action?: string
}

/** An invited address without an account creates it here and joins the company. */
export default function Invitation(props: InvitationProps) {
  const { t } = useI18n()
  const form = useForm({ full_name: '', password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (props.state === 'open' && props.action) form.post(props.action)
  }

  return (
    <>
      <Head title={t('billing.team.signup.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('billing.team.signup.title')}</h1>
      {props.state === 'open' && props.action ? (
        <>
          <p className="mt-2 text-sm text-slate-700">
            {t('billing.team.signup.intro', {
              company: props.companyName ?? '',
              role: t(`backend.team.roles.${props.invitedRole}`),
            })}
          </p>
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <InputField
              label={t('backend.account.email')}
              name="email"
              type="email"
              value={props.email}
              readOnly
            />
            <InputField
              label={t('backend.account.full_name')}
              name="full_name"
              autoComplete="name"
              value={form.data.full_name}
              onChange={(event) => form.setData('full_name', event.target.value)}
              error={form.errors.full_name}
              required
            />
            <InputField
              label={t('billing.team.signup.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.data.password}
              onChange={(event) => form.setData('password', event.target.value)}
              error={form.errors.password}
              required
            />
            <InputField
              label={t('billing.team.signup.password_confirmation')}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              value={form.data.password_confirmation}
              onChange={(event) => form.setData('password_confirmation', event.target.value)}
              error={form.errors.password_confirmation}
              required
            />
            <SubmitButton busy={form.processing}>{t('billing.team.signup.submit')}</SubmitButton>
          </form>
        </>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700" role="alert">
            {t(`billing.team.refusals.${props.state}`)}
          </p>
          <RouteLink route="login" className="text-sm font-medium text-brand-700 hover:underline">
            {t('billing.team.signup.login')}
          </RouteLink>
        </div>
      )}
    </>
  )
}
