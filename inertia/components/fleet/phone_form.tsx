import { Head } from '@inertiajs/react'
import type { FormEvent, ReactNode } from 'react'
import { EmptyState } from '~/components/empty_state'
import { useRouteTitle } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

/**
 * The page of a form filled on a phone beside a vehicle (an inspection, a vehicle check):
 * its intro and form, or, while the company has no vehicle, the way to add one.
 */
export function PhoneFormPage({
  hasVehicles,
  noVehicles,
  intro,
  testId,
  onSubmit,
  children,
}: {
  hasVehicles: boolean
  noVehicles: string
  intro: string
  testId: string
  onSubmit: (event: FormEvent) => void
  children: ReactNode
}) {
  const { t } = useI18n()
  const title = useRouteTitle()
  if (!hasVehicles) {
    return (
      <>
        <Head title={title} />
        <EmptyState
          title={noVehicles}
          action={
            <RouteLink route="fleet.devices" className="text-brand-700 underline">
              {t('common.routes.fleet.devices')}
            </RouteLink>
          }
        />
      </>
    )
  }
  return (
    <>
      <Head title={title} />
      <p className="mb-6 text-sm text-slate-600">{intro}</p>
      <form onSubmit={onSubmit} noValidate className="space-y-8" data-testid={testId}>
        {children}
      </form>
    </>
  )
}

/** A select's choices of vehicles (name and plate), after an empty one. */
export function VehicleOptions({
  vehicles,
}: {
  vehicles: { id: number; name: string; plate: string | null }[]
}) {
  return (
    <>
      <option value="">—</option>
      {vehicles.map((vehicle) => (
        <option key={vehicle.id} value={vehicle.id}>
          {vehicle.plate ? `${vehicle.name} (${vehicle.plate})` : vehicle.name}
        </option>
      ))}
    </>
  )
}

/** A select's choices of drivers, after an empty one. */
export function DriverOptions({ drivers }: { drivers: { id: number; name: string }[] }) {
  return (
    <>
      <option value="">—</option>
      {drivers.map((driver) => (
        <option key={driver.id} value={driver.id}>
          {driver.name}
        </option>
      ))}
    </>
  )
}
