import { ArrowLeft, type LucideIcon } from 'lucide-react'
import { Head } from '@inertiajs/react'
import { RouteButton } from '~/components/ui/route_button'
import { useI18n } from '~/lib/i18n'

/** The error page body (the public layout around it adds the call to action and footer). */
export function ErrorPage({
  status,
  title,
  message,
  icon: Icon,
}: {
  status: number
  title: string
  message: string
  icon: LucideIcon
}) {
  const { t } = useI18n()
  return (
    <>
      <Head title={title} />
      <section className="relative isolate overflow-hidden px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <div
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-gradient-to-b from-brand-50 to-transparent"
          aria-hidden="true"
        />
        <div className="mx-auto max-w-2xl text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-600/15">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t('common.errors.status', { status })}
          </p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-5 text-lg/8 break-words text-slate-600" data-testid="error-message">
            {message}
          </p>
          <div className="mt-10 flex justify-center">
            <RouteButton route="home" icon={ArrowLeft} size="lg" testId="error-home-link">
              {t('common.errors.backHome')}
            </RouteButton>
          </div>
        </div>
      </section>
    </>
  )
}
