import { clsx } from 'clsx'
import { Fuel } from 'lucide-react'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function FuelCard({ fuel }: { fuel: Data.Live.VehicleDetail.Variants['forFuel'] }) {
  const { t } = useI18n()
  const format = useFormat()
  const measured = fuel.level !== null || fuel.levelPercent !== null || fuel.usedTotal !== null
  const configured = fuel.averageConsumption !== null || fuel.idleConsumption !== null
  const percent =
    fuel.levelPercent ??
    (fuel.level !== null && fuel.tankCapacity ? (fuel.level / fuel.tankCapacity) * 100 : null)
  return (
    <DetailCard title={t('live.vehicle.cards.fuel')} icon={Fuel} testId="card-fuel">
      {!measured && !configured ? (
        <CardEmpty icon={Fuel} message={t('live.vehicle.fuel.no_data')} />
      ) : (
        <div className="space-y-3">
          {percent !== null && (
            <div>
              <div className="mb-1 flex justify-between text-sm">
                <span className="text-slate-500">{t('live.vehicle.fuel.level')}</span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {fuel.level !== null && `${format.number(fuel.level, 1)} L · `}
                  {format.number(percent)}%
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={clsx(
                    'h-full rounded-full',
                    percent < 15 ? 'bg-red-500' : 'bg-brand-600'
                  )}
                  style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
                />
              </div>
            </div>
          )}
          <FieldList
            items={[
              ...(percent === null && fuel.level !== null
                ? [
                    {
                      label: t('live.vehicle.fuel.level'),
                      value: `${format.number(fuel.level, 1)} L`,
                    },
                  ]
                : []),
              {
                label: t('live.vehicle.fuel.used_total'),
                value: fuel.usedTotal === null ? null : `${format.number(fuel.usedTotal, 1)} L`,
              },
              {
                label: t('live.vehicle.fuel.average_consumption'),
                value:
                  fuel.averageConsumption === null
                    ? null
                    : `${format.number(fuel.averageConsumption, 1)} L/100 km`,
              },
              {
                label: t('live.vehicle.fuel.idle_consumption'),
                value:
                  fuel.idleConsumption === null
                    ? null
                    : `${format.number(fuel.idleConsumption, 1)} L/h`,
              },
              {
                label: t('live.vehicle.fuel.month_distance'),
                value: format.distance(fuel.monthDistance),
              },
              {
                label: t('live.vehicle.fuel.month_idle'),
                value: format.duration(fuel.monthIdleSeconds),
              },
              {
                label: t('live.vehicle.fuel.month_estimate'),
                value:
                  fuel.monthEstimate === null ? null : `${format.number(fuel.monthEstimate, 1)} L`,
              },
            ]}
          />
          {fuel.monthEstimate !== null && (
            <p className="text-xs text-slate-500">{t('live.vehicle.fuel.estimate_hint')}</p>
          )}
        </div>
      )}
    </DetailCard>
  )
}
