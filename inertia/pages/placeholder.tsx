import { Clock } from 'lucide-react'
import { Head, usePage } from '@inertiajs/react'
import { Container } from '~/components/container'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import type { SharedProps } from '~/types'

/** The page of every route whose capability comes later: its title and breadcrumb only. */
export default function Placeholder() {
  const { t } = useI18n()
  const { route } = usePage<SharedProps>().props
  const title = useRouteTitle()
  const comingSoon = route?.name === 'settings.disaster-alert-system'

  const content = (
    <>
      <Head title={title} />
      <PageHeader />
      {comingSoon && (
        <div
          role="status"
          className="flex max-w-2xl items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="coming-soon"
        >
          <Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('common.comingSoon.title')}</p>
            <p className="mt-1 text-amber-800">{t('common.comingSoon.disasterAlertSystem')}</p>
          </div>
        </div>
      )}
    </>
  )

  // Public pages are full-width sections; the other layouts already frame their content.
  if ((route?.layout ?? 'frontend') === 'frontend') {
    return <Container className="py-12 sm:py-16">{content}</Container>
  }
  return content
}
