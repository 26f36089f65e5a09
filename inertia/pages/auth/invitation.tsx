import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { RouteLink } from '~/lib/routes'
import { bindField, InputField, SubmitButton } from '~/components/form/fields'

type InvitationProps = Data.Auth.Invitation

/** An invited address without an account creates it here and joins the company. */
export default function Invitation({ state, texts, email, action }: InvitationProps) {
  const form = useForm({ full_name: '', password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (action) form.post(action)
  }

  return (
    <>
      <Head title={texts.title} />
      <h1 className="text-2xl font-bold text-slate-900">{texts.title}</h1>
      {state === 'open' && action ? (
        <>
          <p className="mt-2 text-sm text-slate-700">{texts.intro}</p>
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <InputField
              label={texts.email}
              name="email"
              type="email"
              value={email ?? ''}
              readOnly
            />
            <InputField
              label={texts.fullName}
              autoComplete="name"
              {...bindField(form, 'full_name')}
              required
            />
            <InputField
              label={texts.password}
              type="password"
              autoComplete="new-password"
              {...bindField(form, 'password')}
              required
            />
            <InputField
              label={texts.passwordConfirmation}
              type="password"
              autoComplete="new-password"
              {...bindField(form, 'password_confirmation')}
              required
            />
            <SubmitButton busy={form.processing}>{texts.submit}</SubmitButton>
          </form>
        </>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700" role="alert">
            {texts.refusal}
          </p>
          <RouteLink route="login" className="text-sm font-medium text-brand-700 hover:underline">
            {texts.login}
          </RouteLink>
        </div>
      )}
    </>
  )
}
