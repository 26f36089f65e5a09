import { clsx } from 'clsx'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import type { RouteName } from '#shared/route_table'
import { LanguageDropdown } from '~/components/language_dropdown'
import { Logo } from '~/components/logo'
import { SkipLink } from '~/components/skip_link'
import { UserMenu } from '~/components/user_menu'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { SharedProps } from '~/types'

const links: { route: RouteName; labelKey: string }[] = [
  { route: 'fleet-new', labelKey: 'common.fleetNew.overview' },
  { route: 'fleet-new.vehicles', labelKey: 'common.routes.fleet-new.vehicles' },
  { route: 'fleet-new.drivers', labelKey: 'common.routes.fleet-new.drivers' },
]

/** The way back to the back office (in the header, and in the navigation on a phone). */
function BackToPanel({ className }: { className: string }) {
  const { t } = useI18n()
  return (
    <RouteLink
      route="backend"
      className={clsx('items-center gap-1.5 text-sm font-medium', className)}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('common.fleetNew.back')}
    </RouteLink>
  )
}

/** The new fleet screens: a light top navigation instead of the sidebar. */
export default function FleetNewLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const { route } = usePage<SharedProps>().props

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <RouteLink
            route="fleet-new"
            aria-label={t('common.routes.fleet-new')}
            className="-m-1 rounded-lg p-1"
          >
            <span className="sm:hidden">
              <Logo showWordmark={false} />
            </span>
            <span className="hidden sm:inline">
              <Logo />
            </span>
          </RouteLink>
          <span className="hidden rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 ring-inset sm:inline">
            {t('common.fleetNew.badge')}
          </span>
          <div className="ml-auto flex items-center gap-2">
            <BackToPanel className="hidden rounded-lg px-2.5 py-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:inline-flex" />
            <LanguageDropdown variant="compact" />
            <UserMenu />
          </div>
        </div>
        <nav
          aria-label={t('common.fleetNew.navigation')}
          className="mx-auto max-w-7xl overflow-x-auto px-4 sm:px-6 lg:px-8"
        >
          <ul className="-mb-px flex gap-6">
            {links.map((link) => {
              const current = route?.name === link.route
              return (
                <li key={link.route}>
                  <RouteLink
                    route={link.route}
                    aria-current={current ? 'page' : undefined}
                    className={clsx(
                      'inline-flex border-b-2 py-3 text-sm font-medium whitespace-nowrap transition-colors',
                      current
                        ? 'border-brand-600 text-brand-700'
                        : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
                    )}
                  >
                    {t(link.labelKey)}
                  </RouteLink>
                </li>
              )
            })}
            <li className="md:hidden">
              <BackToPanel className="inline-flex border-b-2 border-transparent py-3 whitespace-nowrap text-slate-500" />
            </li>
          </ul>
        </nav>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
      >
        {children}
      </main>
    </div>
  )
}
