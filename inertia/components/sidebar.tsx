import { clsx } from 'clsx'
import { ChevronDown, PanelLeftClose, PanelLeftOpen, Search, X } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { DropdownMenu } from 'radix-ui'
import type { RouteName } from '#shared/route_table'
import { Logo } from '~/components/logo'
import {
  activeMenuItem,
  comingSoonRoutes,
  menuGroupOf,
  visibleMenuGroups,
  type MenuGroup,
  type MenuKey,
} from '~/lib/menus'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'

function SoonBadge({ label }: { label: string }) {
  return (
    <span className="ml-auto shrink-0 rounded-full bg-amber-400/15 px-1.5 py-0.5 text-[10px] leading-3 font-semibold tracking-wide text-amber-300 uppercase ring-1 ring-amber-400/30 ring-inset">
      {label}
    </span>
  )
}

function MenuItemLink({
  name,
  active,
  label,
}: {
  name: RouteName
  active: boolean
  label: string
}) {
  const { t } = useI18n()
  const path = useRoute()
  return (
    <Link
      href={path(name)}
      aria-current={active ? 'page' : undefined}
      data-route={name}
      className={clsx(
        'relative flex min-h-8 items-center gap-2 rounded-md py-1.5 pr-2 pl-3 text-[13px] leading-5 transition-colors',
        active
          ? 'bg-brand-500/15 font-medium text-white before:absolute before:inset-y-1.5 before:-left-px before:w-0.5 before:rounded-full before:bg-brand-500'
          : 'text-slate-400 hover:bg-white/5 hover:text-slate-100'
      )}
    >
      <span className="min-w-0 flex-1">{label}</span>
      {comingSoonRoutes.has(name) && <SoonBadge label={t('common.backend.soon')} />}
    </Link>
  )
}

/** An icon-only group in the collapsed rail: a flyout menu of its items. */
function RailGroup({
  group,
  active,
  activeItem,
}: {
  group: MenuGroup
  active: boolean
  activeItem: RouteName | undefined
}) {
  const { t } = useI18n()
  const path = useRoute()
  const Icon = group.icon
  const label = t(group.labelKey)
  const iconClasses = clsx(
    'flex size-11 cursor-pointer items-center justify-center rounded-lg transition-colors',
    active
      ? 'bg-brand-500/15 text-brand-100'
      : 'text-slate-400 hover:bg-white/5 hover:text-white data-[state=open]:bg-white/5 data-[state=open]:text-white'
  )

  if (group.items.length === 1) {
    const only = group.items[0]
    return (
      <Link
        href={path(only)}
        aria-label={t(`common.routes.${only}`)}
        title={t(`common.routes.${only}`)}
        aria-current={activeItem === only ? 'page' : undefined}
        className={iconClasses}
        data-menu={group.key}
      >
        <Icon className="size-5" aria-hidden="true" />
      </Link>
    )
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        title={label}
        className={iconClasses}
        data-menu={group.key}
      >
        <Icon className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="right"
          align="start"
          sideOffset={10}
          collisionPadding={8}
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-64 overflow-y-auto rounded-xl border border-white/10 bg-slate-900 p-1.5 shadow-xl shadow-slate-950/40 outline-none"
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">
            {label}
          </DropdownMenu.Label>
          {group.items.map((name) => (
            <DropdownMenu.Item key={name} asChild>
              <Link
                href={path(name)}
                aria-current={activeItem === name ? 'page' : undefined}
                className={clsx(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-[13px] outline-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white',
                  activeItem === name ? 'font-medium text-brand-100' : 'text-slate-300'
                )}
              >
                <span className="min-w-0 flex-1">{t(`common.routes.${name}`)}</span>
                {comingSoonRoutes.has(name) && <SoonBadge label={t('common.backend.soon')} />}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/**
 * The back office's menus (spec §2), minus the groups the company hides.
 * Expanded: collapsible groups with a filter box. Collapsed: an icon rail whose
 * groups open as flyout menus. The drawer variant (small screens) is always expanded.
 */
export function Sidebar({
  collapsed = false,
  onToggleCollapsed,
  onClose,
  className,
}: {
  collapsed?: boolean
  /** Desktop: shows the collapse/expand button. */
  onToggleCollapsed?: () => void
  /** Drawer: shows a close button. */
  onClose?: () => void
  className?: string
}) {
  const { t, locale } = useI18n()
  const path = useRoute()
  const { route, hiddenMenus, can } = usePage<SharedProps>().props
  const groups = useMemo(() => visibleMenuGroups(hiddenMenus ?? [], can), [hiddenMenus, can])
  const activeItem = activeMenuItem(route?.name)
  const activeGroup = menuGroupOf(route?.name)?.key
  const [openGroups, setOpenGroups] = useState<MenuKey[]>(activeGroup ? [activeGroup] : [])
  const [query, setQuery] = useState('')

  // Entering another group's page opens that group (state adjusted while rendering).
  const [seenGroup, setSeenGroup] = useState(activeGroup)
  if (seenGroup !== activeGroup) {
    setSeenGroup(activeGroup)
    if (activeGroup && !openGroups.includes(activeGroup))
      setOpenGroups([...openGroups, activeGroup])
  }

  // Bring the current page's item into view in a long menu (the fleet group has 33 items).
  const navRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const current = navRef.current?.querySelector('[aria-current="page"]')
    current?.scrollIntoView({ block: 'nearest' })
  }, [activeItem, collapsed])

  const needle = query.trim().toLocaleLowerCase(locale)
  const filtered = groups
    .map((group) => ({
      group,
      items: needle
        ? group.items.filter((name) =>
            t(`common.routes.${name}`).toLocaleLowerCase(locale).includes(needle)
          )
        : group.items,
    }))
    .filter(({ items }) => items.length > 0)

  const toggleGroup = (key: MenuKey) =>
    setOpenGroups((open) =>
      open.includes(key) ? open.filter((entry) => entry !== key) : [...open, key]
    )

  return (
    <div
      className={clsx('flex h-full flex-col bg-slate-900 text-slate-300', className)}
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <div
        className={clsx(
          'flex h-16 shrink-0 items-center border-b border-white/5',
          collapsed ? 'justify-center px-2' : 'justify-between px-4'
        )}
      >
        <Link
          href={path('backend')}
          aria-label={t('common.routes.backend')}
          className="-m-1 rounded-lg p-1"
        >
          <Logo tone="light" showWordmark={!collapsed} />
        </Link>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('common.backend.closeNav')}
            className="inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-slate-400 hover:bg-white/5 hover:text-white"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>

      {!collapsed && (
        <div className="px-3 pt-3">
          <label className="relative block">
            <span className="sr-only">{t('common.backend.searchMenu')}</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('common.backend.searchMenu')}
              className="h-9 w-full rounded-lg border border-white/10 bg-white/5 pr-3 pl-8 text-sm text-slate-100 placeholder:text-slate-400 focus:border-brand-500 focus:bg-white/10 focus:outline-none"
            />
          </label>
        </div>
      )}

      <nav
        ref={navRef}
        aria-label={t('common.backend.navigation')}
        className="flex-1 overflow-y-auto px-3 py-3 [scrollbar-color:rgb(255_255_255/0.15)_transparent] [scrollbar-width:thin]"
      >
        {collapsed ? (
          <ul className="flex flex-col items-center gap-1.5">
            {groups.map((group) => (
              <li key={group.key}>
                <RailGroup
                  group={group}
                  active={group.key === activeGroup}
                  activeItem={activeItem}
                />
              </li>
            ))}
          </ul>
        ) : filtered.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-slate-400">
            {t('common.backend.noMatches')}
          </p>
        ) : (
          <ul className="space-y-1">
            {filtered.map(({ group, items }) => {
              const Icon = group.icon
              const isActiveGroup = group.key === activeGroup
              if (group.items.length === 1) {
                const only = group.items[0]
                return (
                  <li key={group.key} data-menu={group.key}>
                    <Link
                      href={path(only)}
                      aria-current={activeItem === only ? 'page' : undefined}
                      className={clsx(
                        'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                        activeItem === only
                          ? 'bg-brand-500/15 text-white'
                          : 'text-slate-300 hover:bg-white/5 hover:text-white'
                      )}
                    >
                      <Icon
                        className={clsx('size-5 shrink-0', activeItem === only && 'text-brand-500')}
                        aria-hidden="true"
                      />
                      {t(`common.routes.${only}`)}
                    </Link>
                  </li>
                )
              }
              const open = needle !== '' || openGroups.includes(group.key)
              const listId = `sidebar-group-${group.key}`
              return (
                <li key={group.key} data-menu={group.key}>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={listId}
                    onClick={() => toggleGroup(group.key)}
                    className={clsx(
                      'flex h-10 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm font-medium transition-colors',
                      isActiveGroup
                        ? 'text-white'
                        : 'text-slate-300 hover:bg-white/5 hover:text-white'
                    )}
                  >
                    <Icon
                      className={clsx('size-5 shrink-0', isActiveGroup && 'text-brand-500')}
                      aria-hidden="true"
                    />
                    <span className="flex-1 truncate">{t(group.labelKey)}</span>
                    <span className="text-xs font-normal text-slate-400 tabular-nums">
                      {needle ? items.length : null}
                    </span>
                    <ChevronDown
                      className={clsx(
                        'size-4 shrink-0 text-slate-500 transition-transform',
                        open && 'rotate-180'
                      )}
                      aria-hidden="true"
                    />
                  </button>
                  <ul
                    id={listId}
                    hidden={!open}
                    className="mt-0.5 mb-2 ml-[1.35rem] space-y-0.5 border-l border-white/10 pl-2"
                  >
                    {items.map((name) => (
                      <li key={name}>
                        <MenuItemLink
                          name={name}
                          active={activeItem === name}
                          label={t(`common.routes.${name}`)}
                        />
                      </li>
                    ))}
                  </ul>
                </li>
              )
            })}
          </ul>
        )}
      </nav>

      {onToggleCollapsed && (
        <div
          className={clsx(
            'shrink-0 border-t border-white/5 p-3',
            collapsed && 'flex justify-center'
          )}
        >
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('common.backend.expand') : t('common.backend.collapse')}
            title={collapsed ? t('common.backend.expand') : t('common.backend.collapse')}
            data-testid="sidebar-collapse"
            className={clsx(
              'flex h-10 cursor-pointer items-center gap-3 rounded-lg text-sm text-slate-400 transition-colors hover:bg-white/5 hover:text-white',
              collapsed ? 'w-11 justify-center' : 'w-full px-3'
            )}
          >
            {collapsed ? (
              <PanelLeftOpen className="size-5" aria-hidden="true" />
            ) : (
              <>
                <PanelLeftClose className="size-5" aria-hidden="true" />
                <span>{t('common.backend.collapse')}</span>
              </>
            )}
          </button>
        </div>
      )}
    </div>
  )
}
