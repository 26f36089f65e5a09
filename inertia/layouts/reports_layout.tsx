import { ArrowLeft, Printer } from 'lucide-react'
import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import { Logo } from '~/components/logo'
import { useRouteTitle } from '~/components/page_header'
import { SkipLink } from '~/components/skip_link'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { SharedProps } from '~/types'

/** Print-friendly report forms: the company and the report's title, no sidebar. */
export default function ReportsLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const { company, route } = usePage<SharedProps>().props
  const title = useRouteTitle()
  // A report page goes back to the reports and is wide enough for its table.
  const isReport = route?.name.startsWith('reports.') ?? false
  const width = isReport ? 'max-w-7xl' : 'max-w-5xl'

  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <SkipLink />
      <div className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur print:hidden">
        <div
          className={`mx-auto flex h-14 ${width} items-center justify-between gap-4 px-4 sm:px-6`}
        >
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <RouteLink route={isReport ? 'reports' : 'backend'}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {isReport ? t('report_pages.page.all_reports') : t('common.reports.back')}
            </RouteLink>
          </Button>
          <Button variant="outline" size="sm" onClick={() => window.print()} data-testid="print">
            <Printer className="size-4" aria-hidden="true" />
            {t('common.reports.print')}
          </Button>
        </div>
      </div>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto ${width} px-4 py-8 focus:outline-none sm:px-6 print:max-w-none print:p-0`}
      >
        <article className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 print:rounded-none print:p-0 print:shadow-none print:ring-0">
          <header className="mb-8 flex items-start justify-between gap-6 border-b border-slate-200 pb-6">
            <div className="min-w-0">
              {company && (
                <p className="text-sm font-medium tracking-wide text-brand-700">{company.name}</p>
              )}
              <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            </div>
            <Logo className="shrink-0" />
          </header>
          {children}
        </article>
      </main>
    </div>
  )
}
