import { Menu } from 'lucide-react'
import { Breadcrumb } from '~/components/breadcrumb'
import { CompanySwitcher } from '~/components/company_switcher'
import { LanguageDropdown } from '~/components/language_dropdown'
import { LogoMark } from '~/components/logo'
import { UserMenu } from '~/components/user_menu'
import { NotificationBell } from '~/components/alerts/notification_bell'
import { useI18n } from '~/lib/i18n'

/** The back office's top bar: navigation toggle (small screens), breadcrumb, company, language, user. */
export function TopBar({
  onOpenNav,
  navOpen,
  navId,
}: {
  onOpenNav: () => void
  navOpen: boolean
  navId: string
}) {
  const { t } = useI18n()
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:px-6 lg:px-8">
      <button
        type="button"
        onClick={onOpenNav}
        aria-label={t('common.backend.openNav')}
        aria-expanded={navOpen}
        aria-controls={navId}
        className="-ml-1 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
        data-testid="sidebar-open"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <LogoMark className="md:hidden" />
      <Breadcrumb className="hidden flex-1 md:block" />
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        <CompanySwitcher />
        <LanguageDropdown variant="compact" />
        <NotificationBell />
        <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
        <UserMenu />
      </div>
    </header>
  )
}
