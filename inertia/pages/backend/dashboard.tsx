import { Head, usePage } from '@inertiajs/react'
import { useI18n } from '~/lib/i18n'
import type { SharedProps } from '~/types'

export default function Dashboard() {
  const { t } = useI18n()
  const { user, company } = usePage<SharedProps>().props
  return (
    <>
      <Head title={t('common.routes.backend')} />
      <h1 className="text-2xl font-bold text-slate-900" data-testid="greeting">
        {t('backend.dashboard.greeting', { name: user?.displayName ?? '' })}
      </h1>
      <p className="mt-1 text-slate-600">
        {company?.name} · {t('backend.dashboard.intro')}
      </p>
    </>
  )
}
