import { clsx } from 'clsx'
import { Wrench } from 'lucide-react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

/** A maintenance schedule item and where it stands (generated from app/transformers/fleet/maintenance_transformer.ts). */
export type MaintenanceItem = Data.Fleet.Maintenance

const stateTone = {
  overdue: 'bg-red-50 text-red-800 ring-red-200',
  due: 'bg-amber-50 text-amber-900 ring-amber-200',
  ok: 'bg-slate-50 text-slate-700 ring-slate-200',
}

/** Overdue, due soon or planned, as a coloured pill (also the schedule table's state cell). */
export function StateBadge({ state }: { state: MaintenanceItem['state'] }) {
  const { t } = useI18n()
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1',
        stateTone[state]
      )}
      data-testid={`maintenance-state-${state}`}
    >
      {t(`crud.maintenance_schedules.values.state.${state}`)}
    </span>
  )
}

/** When an item falls due: its next date and next distance, with what is left of each. */
function DueText({ item }: { item: MaintenanceItem }) {
  const { t } = useI18n()
  const format = useFormat()
  const parts: string[] = []
  if (item.nextDate) {
    const days = item.daysLeft ?? 0
    const left =
      days < 0
        ? t('fleet_records.maintenance.days_overdue', { days: -days })
        : t('fleet_records.maintenance.days_left', { days })
    parts.push(`${format.calendarDate(item.nextDate)} (${left})`)
  }
  if (item.nextDistanceKm !== null) {
    const km = item.kmLeft ?? 0
    const left =
      km < 0
        ? t('fleet_records.maintenance.km_over', { km: format.number(-km, 0) })
        : t('fleet_records.maintenance.km_left', { km: format.number(km, 0) })
    parts.push(`${format.number(item.nextDistanceKm, 0)} km (${left})`)
  }
  return <span className="text-xs text-slate-600 tabular-nums">{parts.join(' · ')}</span>
}

/**
 * Maintenance due by date or by kilometres, whichever comes first, against the vehicle's live
 * odometer: the vehicle page's maintenance summary (its items) and the dashboard (the fleet's
 * due and overdue items, each with its vehicle).
 */
export function MaintenanceCard({
  items,
  showVehicle = false,
  deviceId,
  className,
}: {
  items: MaintenanceItem[]
  showVehicle?: boolean
  deviceId?: number
  className?: string
}) {
  const { t } = useI18n()
  const path = useRoute()
  const schedule = path('fleet.maintenance-schedule')
  const href = deviceId ? `${schedule}?deviceId=${deviceId}` : schedule
  return (
    <DetailCard
      title={t(
        showVehicle ? 'fleet_records.maintenance.due_title' : 'live.vehicle.cards.maintenance'
      )}
      icon={Wrench}
      testId="card-maintenance"
      className={className}
      action={
        <a href={href} className="text-xs font-medium text-brand-700 hover:underline">
          {t('fleet_records.maintenance.open_schedule')}
        </a>
      }
    >
      {items.length === 0 ? (
        <CardEmpty
          icon={Wrench}
          message={t(showVehicle ? 'fleet_records.maintenance.none_due' : 'live.empty.maintenance')}
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-start justify-between gap-3 py-2"
              data-testid="maintenance-item"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {t(`crud.maintenance_schedules.values.maintenance_type.${item.type}`)}
                </p>
                {showVehicle && (
                  <RouteLink
                    route="assets.show"
                    params={{ id: String(item.deviceId) }}
                    className="text-xs font-medium text-brand-700 hover:underline"
                  >
                    {item.vehicle}
                  </RouteLink>
                )}
                <div>
                  <DueText item={item} />
                </div>
              </div>
              <StateBadge state={item.state} />
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}
