import { Head } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Truck, Users } from 'lucide-react'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { RouteName } from '#shared/route_table'

type FleetOverviewProps = Data.Fleet.FleetOverview

function Tile({
  route,
  icon: Icon,
  title,
  value,
  detail,
}: {
  route: RouteName
  icon: typeof Truck
  title: string
  value: number
  detail: string
}) {
  return (
    <RouteLink
      route={route}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-500"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <span>
        <span className="block text-sm text-slate-600">{title}</span>
        <span className="block text-3xl font-semibold text-slate-900">{value}</span>
        <span className="block text-sm text-slate-500">{detail}</span>
      </span>
    </RouteLink>
  )
}

export default function FleetOverview({ vehicles, drivers }: FleetOverviewProps) {
  const { t } = useI18n()
  const title = useRouteTitle()
  return (
    <>
      <Head title={title} />
      <PageHeader />
      <div className="grid gap-4 sm:grid-cols-2">
        <Tile
          route="fleet-new.vehicles"
          icon={Truck}
          title={t('common.routes.fleet-new.vehicles')}
          value={vehicles.total}
          detail={t('backend.fleet_overview.moving', { count: vehicles.moving })}
        />
        <Tile
          route="fleet-new.drivers"
          icon={Users}
          title={t('common.routes.fleet-new.drivers')}
          value={drivers.total}
          detail={t('backend.fleet_overview.active', { count: drivers.active })}
        />
      </div>
    </>
  )
}
