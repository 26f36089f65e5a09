import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import { bindField, InputField, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import type { OdometerCorrectionRow } from '#shared/data_quality'

export type OdometerCorrection = OdometerCorrectionRow

/**
 * The odometer correction form (issue 25, point 3): on the vehicle page (`vehicles` absent,
 * the page's vehicle) or in settings (a vehicle to choose). Posts to `action`.
 */
export function OdometerCorrectionForm({
  action,
  vehicles,
}: {
  action: string
  vehicles?: { id: number; name: string }[]
}) {
  const { t } = useI18n()
  const form = useForm<Record<string, string>>({
    ...(vehicles ? { deviceId: vehicles[0] ? String(vehicles[0].id) : '' } : {}),
    effectiveAt: '',
    odometerKm: '',
    note: '',
  })
  const label = (field: string) => t(`settings.odometer_corrections.fields.${field}`)

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(action, { preserveScroll: true, onSuccess: () => form.reset() })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      {vehicles ? (
        <SelectField
          label={label('deviceId')}
          {...bindField(form, 'deviceId')}
          options={vehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicle.name }))}
        />
      ) : null}
      <InputField
        type="datetime-local"
        label={label('effectiveAt')}
        {...bindField(form, 'effectiveAt')}
      />
      <InputField
        type="number"
        step="0.1"
        min="0"
        label={label('odometerKm')}
        {...bindField(form, 'odometerKm')}
      />
      <InputField label={label('note')} maxLength={500} {...bindField(form, 'note')} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.processing}>
          {t('settings.odometer_corrections.submit')}
        </Button>
      </div>
    </form>
  )
}

/** The history of corrections: who set which odometer, from when, and when. */
export function OdometerCorrectionHistory({
  corrections,
  showVehicle = true,
}: {
  corrections: OdometerCorrection[]
  showVehicle?: boolean
}) {
  const { t } = useI18n()
  const format = useFormat()
  const column = (name: string) => t(`settings.odometer_corrections.columns.${name}`)
  if (corrections.length === 0) {
    return <p className="text-sm text-slate-600">{t('settings.odometer_corrections.empty')}</p>
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-600">
            {showVehicle ? <th className="py-2 pr-4 font-medium">{column('vehicle')}</th> : null}
            <th className="py-2 pr-4 font-medium">{column('effectiveAt')}</th>
            <th className="py-2 pr-4 text-right font-medium">{column('odometerKm')}</th>
            <th className="py-2 pr-4 text-right font-medium">{column('previousKm')}</th>
            <th className="py-2 pr-4 text-right font-medium">{column('offsetKm')}</th>
            <th className="py-2 pr-4 font-medium">{column('note')}</th>
            <th className="py-2 pr-4 font-medium">{column('createdBy')}</th>
            <th className="py-2 pr-4 font-medium">{column('createdAt')}</th>
            <th className="py-2 font-medium">{column('status')}</th>
          </tr>
        </thead>
        <tbody>
          {corrections.map((row) => (
            <tr key={row.id} className="border-t border-slate-100">
              {showVehicle ? (
                <td className="py-2 pr-4">
                  {row.vehicle}
                  {row.plate ? ` (${row.plate})` : ''}
                </td>
              ) : null}
              <td className="py-2 pr-4">{format.dateTime(row.effectiveAt)}</td>
              <td className="py-2 pr-4 text-right">{format.number(row.odometerKm, 1)} km</td>
              <td className="py-2 pr-4 text-right">
                {row.previousKm === null ? '—' : `${format.number(row.previousKm, 1)} km`}
              </td>
              <td className="py-2 pr-4 text-right">
                {row.offsetKm > 0 ? '+' : ''}
                {format.number(row.offsetKm, 1)} km
              </td>
              <td className="py-2 pr-4">{row.note ?? ''}</td>
              <td className="py-2 pr-4">{row.createdBy ?? '—'}</td>
              <td className="py-2 pr-4">{format.dateTime(row.createdAt)}</td>
              <td className="py-2">
                {row.rebuilt
                  ? t('settings.odometer_corrections.rebuilt')
                  : t('settings.odometer_corrections.pending')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
