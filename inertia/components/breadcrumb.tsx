import { clsx } from 'clsx'
import { ChevronRight, House } from 'lucide-react'
import { Link, usePage } from '@inertiajs/react'
import { breadcrumbOf, routeTable, type RouteName } from '#shared/route_table'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'

export interface Crumb {
  name: RouteName
  label: string
  /** Absent when the crumb is the current page or its path needs parameters. */
  href?: string
}

/**
 * The crumbs of a route: its parents in the path hierarchy (public pages start
 * at the homepage), each titled `common.routes.<name>`.
 */
export function useBreadcrumb(name?: RouteName | null, currentLabel?: string): Crumb[] {
  const { t } = useI18n()
  const path = useRoute()
  const { route } = usePage<SharedProps>().props
  const target = name ?? route?.name
  if (!target || !(target in routeTable)) return []

  const chain = breadcrumbOf(target)
  if (routeTable[target].layout === 'frontend' && chain[0] !== 'home') chain.unshift('home')

  return chain.map((crumb, index) => {
    const last = index === chain.length - 1
    const hasParams = routeTable[crumb].en.includes(':')
    return {
      name: crumb,
      label: last && currentLabel ? currentLabel : t(`common.routes.${crumb}`),
      href: last || hasParams ? undefined : path(crumb),
    }
  })
}

export function Breadcrumb({
  route,
  currentLabel,
  minItems = 1,
  className,
}: {
  /** Renders nothing when the trail is shorter (a lone "Home" says nothing). */
  minItems?: number
  /** Defaults to the current page's route. */
  route?: RouteName | null
  /** Overrides the last crumb's title (for example a post's name). */
  currentLabel?: string
  className?: string
}) {
  const { t } = useI18n()
  const crumbs = useBreadcrumb(route, currentLabel)
  if (crumbs.length === 0 || crumbs.length < minItems) return null

  return (
    <nav aria-label={t('common.breadcrumb.label')} className={clsx('min-w-0', className)}>
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-500">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          const isRoot = index === 0 && (crumb.name === 'home' || crumb.name === 'backend')
          const content = (
            <>
              {isRoot && <House className="size-3.5 shrink-0" aria-hidden="true" />}
              <span className="truncate">{crumb.label}</span>
            </>
          )
          return (
            <li key={crumb.name} className="flex min-w-0 items-center gap-1.5">
              {index > 0 && (
                <ChevronRight className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
              )}
              {crumb.href ? (
                <Link
                  href={crumb.href}
                  className="inline-flex min-w-0 items-center gap-1 rounded transition-colors hover:text-brand-700"
                >
                  {content}
                </Link>
              ) : (
                <span
                  className={clsx(
                    'inline-flex min-w-0 items-center gap-1',
                    last && 'font-medium text-slate-800'
                  )}
                  aria-current={last ? 'page' : undefined}
                >
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
