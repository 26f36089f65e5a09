import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import type { RouteName } from '#shared/route_table'
import { Breadcrumb } from '~/components/breadcrumb'
import { useI18n } from '~/lib/i18n'
import type { SharedProps } from '~/types'

/** The title of the current route, `common.routes.<name>`, or the product name. */
export function useRouteTitle(name?: RouteName | null): string {
  const { t } = useI18n()
  const { route } = usePage<SharedProps>().props
  const target = name ?? route?.name
  return target ? t(`common.routes.${target}`) : t('common.brand.name')
}

/**
 * A page's title block: breadcrumb, title (the route's title unless given),
 * optional description and actions.
 *
 * In the back office the top bar already shows the breadcrumb on wide screens,
 * so here it shows on small screens only; the auth card has none. In the print layout (reports) the
 * layout prints the route title itself; the header then only adds what a page
 * gives beyond it.
 */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumb = true,
  breadcrumbLabel,
  className,
}: {
  title?: string
  description?: ReactNode
  actions?: ReactNode
  breadcrumb?: boolean
  /** Overrides the last crumb's title; defaults to `title`. */
  breadcrumbLabel?: string
  className?: string
}) {
  const { route } = usePage<SharedProps>().props
  const routeTitle = useRouteTitle()
  const layout = route?.layout ?? 'frontend'
  const heading = title ?? routeTitle

  if (layout === 'reports' && !title && !description && !actions) return null

  const backOffice = layout === 'backend' || layout === 'fleet-new'

  return (
    <header
      className={clsx(
        'flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between',
        backOffice ? 'mb-6' : 'mb-8',
        className
      )}
    >
      <div className="min-w-0 space-y-2">
        {breadcrumb && layout !== 'reports' && layout !== 'auth' && (
          <Breadcrumb
            minItems={2}
            currentLabel={breadcrumbLabel ?? title}
            className={layout === 'backend' ? 'md:hidden' : undefined}
          />
        )}
        {(layout !== 'reports' || title) && (
          <h1
            className={clsx(
              'font-semibold tracking-tight text-balance text-slate-900',
              backOffice || layout === 'auth' ? 'text-2xl' : 'text-3xl sm:text-4xl'
            )}
          >
            {heading}
          </h1>
        )}
        {description && <div className="max-w-3xl text-sm text-slate-600">{description}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </header>
  )
}
