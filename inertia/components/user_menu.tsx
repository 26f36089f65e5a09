import { ChevronDown, LogIn, LogOut, UserCog } from 'lucide-react'
import { Link, router, usePage } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import {
  Dropdown,
  DropdownContent,
  DropdownItem,
  DropdownSeparator,
  DropdownTrigger,
} from '~/components/ui/dropdown'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useAction, useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'

export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean)
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)
  return letters.toLocaleUpperCase()
}

/** The signed-in user's menu: account settings and log out (a login button when signed out). */
export function UserMenu() {
  const { t } = useI18n()
  const path = useRoute()
  const action = useAction()
  const { user } = usePage<SharedProps>().props

  if (!user) {
    return (
      <Button asChild size="sm">
        <RouteLink route="login">
          <LogIn className="size-4" aria-hidden="true" />
          {t('common.header.login')}
        </RouteLink>
      </Button>
    )
  }

  const name = user.displayName || user.email

  return (
    <Dropdown modal={false}>
      <DropdownTrigger
        aria-label={t('common.user.menu', { name })}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100"
        data-testid="user-menu"
      >
        <span
          className="inline-flex size-7 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
          aria-hidden="true"
        >
          {initialsOf(name)}
        </span>
        <span className="hidden max-w-40 truncate md:inline">{name}</span>
        <ChevronDown className="size-3.5 text-slate-400" aria-hidden="true" />
      </DropdownTrigger>
      <DropdownContent className="w-64">
        <div className="px-2.5 py-2">
          <p className="truncate text-sm font-medium text-slate-900">{name}</p>
          {user.displayName && <p className="truncate text-xs text-slate-500">{user.email}</p>}
        </div>
        <DropdownSeparator />
        <DropdownItem asChild>
          <Link href={path('account.settings')}>
            <UserCog className="size-4 text-slate-500" aria-hidden="true" />
            {t('common.routes.account.settings')}
          </Link>
        </DropdownItem>
        <DropdownSeparator />
        <DropdownItem onSelect={() => router.post(action('logout'))} data-testid="logout">
          <LogOut className="size-4 text-slate-500" aria-hidden="true" />
          {t('common.user.logout')}
        </DropdownItem>
      </DropdownContent>
    </Dropdown>
  )
}
