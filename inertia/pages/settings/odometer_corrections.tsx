import { Head } from '@inertiajs/react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { FormSection } from '~/components/form/section'
import {
  OdometerCorrectionForm,
  OdometerCorrectionHistory,
} from '~/components/quality/odometer_corrections'
import type { OdometerCorrectionRow, VehicleChoice } from '#shared/data_quality'

/** Declared once in app/shared/data_quality.ts, the types of the queries. */
type Props = {
  corrections: OdometerCorrectionRow[]
  vehicles: VehicleChoice[]
}

/** Settings: odometer corrections, the form and the history (issue 25, point 3). */
export default function OdometerCorrections({ corrections, vehicles }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  return (
    <>
      <Head title={t('common.routes.settings.odometer-corrections')} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t('common.routes.settings.odometer-corrections')}
      </h1>
      <p className="mb-6 max-w-3xl text-sm text-slate-600">
        {t('settings.odometer_corrections.intro')}
      </p>
      <div className="max-w-3xl">
        <FormSection title={t('settings.odometer_corrections.form_title')}>
          <OdometerCorrectionForm
            action={path('settings.odometer-corrections')}
            vehicles={vehicles}
          />
        </FormSection>
      </div>
      <h2 className="mt-8 mb-2 text-lg font-semibold text-slate-900">
        {t('settings.odometer_corrections.history')}
      </h2>
      <OdometerCorrectionHistory corrections={corrections} />
    </>
  )
}
