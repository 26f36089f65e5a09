import { Head, usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { FormAlert } from '~/components/form/fields'
import type { SharedProps } from '~/types'

type ConfirmProps = Data.Auth.EmailConfirmation

export default function Confirm({ status, email }: ConfirmProps) {
  const { t } = useI18n()
  const { flash } = usePage<SharedProps>().props
  return (
    <>
      <Head title={t('auth.confirm.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('auth.confirm.title')}</h1>
      <div className="mt-4 space-y-4">
        <FormAlert tone="success" message={flash.success} />
        <p className="text-sm text-slate-700">
          {status === 'invalid'
            ? t('auth.confirm.invalid')
            : email
              ? t('auth.confirm.pending', { email })
              : t('auth.confirm.pending_no_email')}
        </p>
        <RouteLink
          route="login"
          className="inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          {t('auth.confirm.login_link')}
        </RouteLink>
      </div>
    </>
  )
}
