import { Info } from 'lucide-react'
import { DetailCard, FieldList } from '~/components/cards/detail_card'
import { useValue } from '~/components/cards/vehicle_values'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function GeneralInfoCard({ vehicle }: { vehicle: Data.Live.VehicleDetail }) {
  const { t } = useI18n()
  const format = useFormat()
  const value = useValue()
  const date = (iso: string | null) => (iso ? format.calendarDate(iso) : null)
  return (
    <DetailCard title={t('live.vehicle.cards.general')} icon={Info} testId="card-general">
      <FieldList
        hideEmpty
        items={[
          { label: t('live.vehicle.general.plate'), value: vehicle.plate },
          { label: t('live.vehicle.general.name'), value: vehicle.name },
          {
            label: t('live.vehicle.general.brand_model'),
            value: [vehicle.brand, vehicle.model].filter(Boolean).join(' ') || null,
          },
          { label: t('live.vehicle.general.year'), value: vehicle.year },
          {
            label: t('live.vehicle.general.type'),
            value: [vehicle.type, vehicle.subtype].filter(Boolean).join(' / ') || null,
          },
          { label: t('live.vehicle.general.category'), value: vehicle.category },
          { label: t('live.vehicle.general.fuel_type'), value: value(vehicle.fuelType) },
          {
            label: t('live.vehicle.general.engine_capacity'),
            value:
              vehicle.engineCapacity === null
                ? null
                : `${format.number(vehicle.engineCapacity)} cc`,
          },
          {
            label: t('live.vehicle.general.tank_capacity'),
            value:
              vehicle.tankCapacity === null ? null : `${format.number(vehicle.tankCapacity)} L`,
          },
          { label: t('live.vehicle.general.group'), value: vehicle.group },
          { label: t('live.vehicle.general.region'), value: vehicle.region },
          { label: t('live.vehicle.general.department'), value: vehicle.department },
          { label: t('live.vehicle.general.ownership'), value: value(vehicle.ownership) },
          { label: t('live.vehicle.general.status'), value: value(vehicle.status) },
          { label: t('live.vehicle.general.inspection_date'), value: date(vehicle.inspectionDate) },
          { label: t('live.vehicle.general.exhaust_date'), value: date(vehicle.exhaustDate) },
          {
            label: t('live.vehicle.general.speed_limit'),
            value: vehicle.speedLimit === null ? null : format.speed(vehicle.speedLimit),
          },
          { label: t('live.vehicle.general.notes'), value: vehicle.notes },
        ]}
      />
    </DetailCard>
  )
}
