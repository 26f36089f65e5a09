import { UserRound } from 'lucide-react'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import { useValue } from '~/components/cards/vehicle_values'
import type { Data } from '~generated/data'
import { useI18n } from '~/lib/i18n'

export function DriverCard({
  driver,
}: {
  driver: Data.Live.VehicleDetail.Variants['forDriver'] | null
}) {
  const { t } = useI18n()
  const value = useValue()
  return (
    <DetailCard title={t('live.vehicle.cards.driver')} icon={UserRound} testId="card-driver">
      {driver ? (
        <>
          <div className="mb-2 flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
              {driver.name
                .split(/\s+/)
                .map((part) => part[0])
                .slice(0, 2)
                .join('')
                .toLocaleUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{driver.name}</p>
              <p className="text-xs text-slate-500">{value(driver.status)}</p>
            </div>
          </div>
          <FieldList
            items={[
              'phone' in driver && {
                label: t('live.vehicle.driver.phone'),
                value: driver.phone ? (
                  <a href={`tel:${driver.phone}`} className="text-brand-700 hover:underline">
                    {driver.phone}
                  </a>
                ) : null,
              },
              'licenceNumber' in driver && {
                label: t('live.vehicle.driver.licence_number'),
                value: driver.licenceNumber,
              },
              { label: t('live.vehicle.driver.card_id'), value: driver.cardId },
              'bloodType' in driver && {
                label: t('live.vehicle.driver.blood_type'),
                value: driver.bloodType,
              },
              'emergencyContactName' in driver && {
                label: t('live.vehicle.driver.emergency_contact'),
                value:
                  [driver.emergencyContactName, driver.emergencyContactPhone]
                    .filter(Boolean)
                    .join(' · ') || null,
              },
            ].filter((item) => item !== false)}
          />
        </>
      ) : (
        <CardEmpty icon={UserRound} message={t('live.vehicle.driver.none')} />
      )}
    </DetailCard>
  )
}
