import { Head, router } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { InputField, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { DataQualityTables } from '~/components/quality/data_quality_tables'
import type { DataQuality, DataQualityFilters, VehicleChoice } from '#shared/data_quality'

/** Declared once in app/shared/data_quality.ts, the types of the queries and the controller. */
type Props = {
  filters: DataQualityFilters
  vehicles: VehicleChoice[]
  quality: DataQuality
}

/** The fleet's data quality over a period (issue 25, point 4). */
export default function DataQualityPage({ filters, vehicles, quality }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const [values, setValues] = useState({
    from: filters.from,
    to: filters.to,
    deviceId: filters.deviceId ? String(filters.deviceId) : '',
    gapMinutes: String(filters.gapMinutes),
  })
  const label = (field: string) => t(`live.data_quality.fields.${field}`)

  function submit(event: FormEvent) {
    event.preventDefault()
    const query = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
    router.get(path('fleet.data-quality'), query, { preserveScroll: true })
  }

  return (
    <>
      <Head title={t('common.routes.fleet.data-quality')} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t('common.routes.fleet.data-quality')}
      </h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t('live.data_quality.intro')}</p>
      <form onSubmit={submit} noValidate className="mb-6 grid max-w-4xl gap-3 sm:grid-cols-5">
        <InputField
          type="date"
          label={label('from')}
          name="from"
          value={values.from}
          onChange={(event) => setValues({ ...values, from: event.target.value })}
        />
        <InputField
          type="date"
          label={label('to')}
          name="to"
          value={values.to}
          onChange={(event) => setValues({ ...values, to: event.target.value })}
        />
        <SelectField
          label={label('deviceId')}
          name="deviceId"
          value={values.deviceId}
          onChange={(event) => setValues({ ...values, deviceId: event.target.value })}
          options={[
            { value: '', label: t('live.data_quality.all_vehicles') },
            ...vehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicle.name })),
          ]}
        />
        <InputField
          type="number"
          min="5"
          max="1440"
          label={label('gapMinutes')}
          name="gapMinutes"
          value={values.gapMinutes}
          onChange={(event) => setValues({ ...values, gapMinutes: event.target.value })}
        />
        <div className="flex items-end">
          <Button type="submit">{t('live.data_quality.apply')}</Button>
        </div>
      </form>
      <DataQualityTables quality={quality} />
    </>
  )
}
