import { router } from '@inertiajs/react'
import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { HistorySelection, HistoryVehicle } from '~/components/history/types'
import { PeriodPicker, type PeriodPreset } from '~/components/form/period_picker'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

/** The vehicle and period to show; submitting loads the history page with them. */
export function HistoryForm({
  vehicles,
  selection,
}: {
  vehicles: HistoryVehicle[]
  selection: HistorySelection
}) {
  const { t } = useI18n()
  const path = useRoute()
  const [deviceId, setDeviceId] = useState(selection.deviceId ? String(selection.deviceId) : '')
  const [from, setFrom] = useState(selection.from)
  const [to, setTo] = useState(selection.to)
  const [preset, setPreset] = useState<PeriodPreset | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.get(path('history'), { deviceId: deviceId || undefined, from, to })
  }

  return (
    <form
      onSubmit={submit}
      className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:flex-row lg:items-end"
      data-testid="history-form"
    >
      <label className="block min-w-0 flex-1 text-sm">
        <span className="mb-1 block font-medium text-slate-700">{t('live.history.vehicle')}</span>
        <select
          name="deviceId"
          value={deviceId}
          onChange={(event) => setDeviceId(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
          data-testid="history-vehicle"
        >
          <option value="">{t('live.history.choose_vehicle')}</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.plate ? `${vehicle.plate} · ${vehicle.name}` : vehicle.name}
            </option>
          ))}
        </select>
      </label>
      <div className="block text-sm">
        <span className="mb-1 block font-medium text-slate-700">
          {t('report_pages.picker.label')}
        </span>
        <PeriodPicker
          value={{ preset, from, to }}
          onChange={(range) => {
            setPreset(range.preset ?? null)
            setFrom(range.from)
            setTo(range.to)
          }}
          withTime
          testId="history-period"
        />
      </div>
      <Button type="submit" data-testid="history-submit">
        <Search className="size-4" aria-hidden="true" />
        {t('live.history.show')}
      </Button>
    </form>
  )
}
