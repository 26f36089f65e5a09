import { clsx } from 'clsx'
import { LayoutDashboard, LogIn, Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { router, usePage } from '@inertiajs/react'
import type { RouteName } from '#shared/route_table'
import { LanguageDropdown } from '~/components/language_dropdown'
import { Logo } from '~/components/logo'
import { Button } from '~/components/ui/button'
import { RouteButton } from '~/components/ui/route_button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { SharedProps } from '~/types'

interface NavItem {
  route: RouteName
  /** The mobile menu links the short "about" route (spec §2); it redirects to about-us. */
  mobileRoute?: RouteName
  labelKey: string
  /** Routes under which the item shows as current. */
  matches: RouteName[]
}

const navItems: NavItem[] = [
  { route: 'home', labelKey: 'common.nav.home', matches: ['home'] },
  {
    route: 'about-us',
    mobileRoute: 'about',
    labelKey: 'common.nav.about',
    matches: ['about-us', 'about'],
  },
  { route: 'features', labelKey: 'common.nav.features', matches: ['features', 'features.show'] },
  { route: 'fleet', labelKey: 'common.nav.fleet', matches: ['fleet', 'fleet.show'] },
  { route: 'pricing', labelKey: 'common.nav.pricing', matches: ['pricing'] },
  { route: 'contact', labelKey: 'common.nav.contact', matches: ['contact'] },
]

function Greeting({ name, className }: { name: string; className?: string }) {
  const { t } = useI18n()
  return (
    <span
      className={clsx('truncate text-sm text-slate-600', className)}
      data-testid="user-greeting"
    >
      {t('common.header.greeting', { name })}
    </span>
  )
}

/** The public site's header: logo, main links, language, and the visitor's sign-in state. */
export function Header() {
  const { t } = useI18n()
  const { props } = usePage<SharedProps>()
  const { user, route } = props
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const displayName = user ? user.displayName || user.email : null

  // A visit closes the mobile menu.
  useEffect(() => router.on('navigate', () => setOpen(false)), [])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  const isCurrent = (item: NavItem) => !!route && item.matches.includes(route.name)

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <RouteLink
          route="home"
          aria-label={t('common.nav.homeLabel')}
          className="-m-1 shrink-0 rounded-lg p-1"
        >
          {/* Signed in, the greeting needs the room on mid-size screens. */}
          <Logo wordmarkClassName={displayName ? 'lg:max-xl:sr-only' : undefined} />
        </RouteLink>

        <nav aria-label={t('common.nav.main')} className="hidden flex-1 justify-center lg:flex">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            {navItems.map((item) => (
              <li key={item.route}>
                <RouteLink
                  route={item.route}
                  aria-current={isCurrent(item) ? 'page' : undefined}
                  className={clsx(
                    'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors xl:px-3',
                    isCurrent(item)
                      ? 'text-brand-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                  )}
                >
                  {t(item.labelKey)}
                </RouteLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <LanguageDropdown variant="compact" />
          {displayName ? (
            <>
              <Greeting name={displayName} className="hidden max-w-32 lg:block xl:max-w-52" />
              <div className="hidden sm:block">
                <RouteButton
                  route="backend"
                  icon={LayoutDashboard}
                  size="sm"
                  testId="dashboard-button"
                >
                  {t('common.header.dashboard')}
                </RouteButton>
              </div>
            </>
          ) : (
            <div className="hidden sm:block">
              <RouteButton route="login" icon={LogIn} size="sm" testId="login-button">
                {t('common.header.login')}
              </RouteButton>
            </div>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('common.nav.closeMenu') : t('common.nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
            data-testid="mobile-menu-toggle"
          >
            {open ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>

      <div
        id={menuId}
        hidden={!open}
        className="border-t border-slate-200 bg-white lg:hidden"
        data-testid="mobile-menu"
      >
        <nav aria-label={t('common.nav.mobile')} className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <ul className="space-y-1">
            {navItems.map((item) => (
              <li key={item.route}>
                <RouteLink
                  route={item.mobileRoute ?? item.route}
                  aria-current={isCurrent(item) ? 'page' : undefined}
                  className={clsx(
                    'block rounded-lg px-3 py-2.5 text-base font-medium',
                    isCurrent(item)
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-slate-700 hover:bg-slate-50 hover:text-slate-900'
                  )}
                >
                  {t(item.labelKey)}
                </RouteLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
            {displayName ? (
              <>
                <Greeting name={displayName} className="px-3" />
                <Button asChild>
                  <RouteLink route="backend">
                    <LayoutDashboard className="size-4" aria-hidden="true" />
                    {t('common.header.dashboard')}
                  </RouteLink>
                </Button>
              </>
            ) : (
              <Button asChild>
                <RouteLink route="login">
                  <LogIn className="size-4" aria-hidden="true" />
                  {t('common.header.login')}
                </RouteLink>
              </Button>
            )}
          </div>
        </nav>
      </div>
    </header>
  )
}
