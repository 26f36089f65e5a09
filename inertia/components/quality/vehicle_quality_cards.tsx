import { Gauge, ShieldAlert } from 'lucide-react'
import { DetailCard } from '~/components/cards/detail_card'
import { useI18n } from '~/lib/i18n'
import { useAction, RouteLink } from '~/lib/routes'
import {
  OdometerCorrectionForm,
  OdometerCorrectionHistory,
} from '~/components/quality/odometer_corrections'
import { DataQualityTables } from '~/components/quality/data_quality_tables'
import type { Data } from '~generated/data'

/** The vehicle page's odometer card: the distance source, the corrections and the form. */
export function OdometerCard({
  deviceId,
  odometer,
}: {
  deviceId: number
  odometer: Data.Fleet.VehicleOdometer
}) {
  const { t } = useI18n()
  const action = useAction()
  return (
    <DetailCard
      title={t('settings.odometer_corrections.title')}
      icon={Gauge}
      testId="odometer-card"
    >
      <p className="mb-3 text-sm text-slate-700" data-testid="distance-source">
        <span className="font-medium">{t('live.data_quality.distance_source')}:</span>{' '}
        {t(`live.data_quality.source.${odometer.source}`)}
        <span className="block text-xs text-slate-500">
          {t(`live.data_quality.source_hint.${odometer.source}`)}
        </span>
      </p>
      <OdometerCorrectionHistory corrections={odometer.corrections} showVehicle={false} />
      {odometer.canCorrect ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">
            {t('settings.odometer_corrections.form_title')}
          </h3>
          <OdometerCorrectionForm action={action('assets.odometer', { id: deviceId })} />
        </div>
      ) : null}
    </DetailCard>
  )
}

/** The vehicle page's data quality card: the last 7 days, with the raw values. */
export function DataQualityCard({ quality }: { quality: Data.Fleet.VehicleDataQuality }) {
  const { t } = useI18n()
  return (
    <DetailCard
      title={t('live.data_quality.card_title')}
      icon={ShieldAlert}
      testId="data-quality-card"
      action={
        <RouteLink route="fleet.data-quality" className="text-sm text-brand-700 hover:underline">
          {t('common.routes.fleet.data-quality')}
        </RouteLink>
      }
    >
      <DataQualityTables quality={quality} perVehicle={false} />
    </DetailCard>
  )
}
