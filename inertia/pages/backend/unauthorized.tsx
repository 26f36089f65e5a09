import { ArrowLeft, LogIn, ShieldAlert } from 'lucide-react'
import { Head, usePage } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { RouteButton } from '~/components/ui/route_button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { SharedProps } from '~/types'

/**
 * Access denied: why the page is not available, and the way back (the dashboard for a
 * signed-in user, sign-in for an anonymous visitor, who sees the public layout, no sidebar).
 */
export default function Unauthorized() {
  const { t } = useI18n()
  const { user } = usePage<SharedProps>().props
  return (
    <>
      <Head title={t('common.unauthorized.title')} />
      <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600 ring-1 ring-amber-600/15">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">
          {t('common.unauthorized.title')}
        </h1>
        <p className="mt-4 text-lg/8 text-slate-600" data-testid="unauthorized-reason">
          {user ? t('common.unauthorized.signedIn') : t('common.unauthorized.anonymous')}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          {user ? (
            <RouteButton route="backend" icon={ArrowLeft} size="lg" testId="unauthorized-back">
              {t('common.unauthorized.backToDashboard')}
            </RouteButton>
          ) : (
            <>
              <RouteButton route="login" icon={LogIn} size="lg" testId="unauthorized-back">
                {t('common.unauthorized.signIn')}
              </RouteButton>
              <Button asChild size="lg" variant="outline">
                <RouteLink route="home">{t('common.errors.backHome')}</RouteLink>
              </Button>
            </>
          )}
        </div>
      </section>
    </>
  )
}
