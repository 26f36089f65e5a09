import { Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { PeriodPicker } from '~/components/form/period_picker'
import { useI18n } from '~/lib/i18n'
import type { TableState } from './query_state'
import type { ResourceMeta, Vehicle } from './types'

const control =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-500'

/** A resource's own filters: search by plate or IMEI, vehicle, date range. */
export function ResourceFilters({
  meta,
  state,
  vehicles,
  update,
}: {
  meta: ResourceMeta
  state: TableState
  vehicles: Vehicle[]
  update: (changes: Partial<TableState>) => void
}) {
  const { t } = useI18n()
  const [search, setSearch] = useState(state.q)

  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== state.q) update({ q: search })
    }, 300)
    return () => clearTimeout(timer)
  }, [search, state.q, update])

  return (
    <>
      {meta.hasSearch && (
        <label className="relative">
          <span className="sr-only">{t('crud.table.search')}</span>
          <Search className="absolute top-2.5 left-2.5 size-4 text-slate-400" aria-hidden="true" />
          <input
            type="search"
            className={`${control} w-60 pl-8`}
            placeholder={t('crud.table.search_placeholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="table-search"
          />
        </label>
      )}
      {meta.hasDeviceFilter && (
        <select
          aria-label={t('crud.table.vehicle')}
          className={control}
          value={state.deviceId}
          onChange={(event) => update({ deviceId: event.target.value })}
        >
          <option value="">{t('crud.table.all_vehicles')}</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.name}
              {vehicle.plate ? ` · ${vehicle.plate}` : ''}
            </option>
          ))}
        </select>
      )}
      {meta.hasDateRange && (
        <PeriodPicker
          value={{ from: state.from.slice(0, 10), to: state.to.slice(0, 10) }}
          onChange={(range) => update({ from: range.from, to: range.to })}
          clearable
          label={t('report_pages.picker.label')}
          emptyText={
            meta.defaultRangeDays
              ? t('report_pages.picker.default_days', { days: meta.defaultRangeDays })
              : undefined
          }
          testId="table-period"
        />
      )}
    </>
  )
}
