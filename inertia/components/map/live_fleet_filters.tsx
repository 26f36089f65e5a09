import { clsx } from 'clsx'
import { Search } from 'lucide-react'
import { statusDotClasses } from '~/components/map/status_style'
import { liveStatuses, type LiveStatus, type VehicleGroup } from '~/components/map/types'
import type { GroupFilter } from '~/components/map/use_live_fleet'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** The live map's search, status buttons (with their counts) and vehicle group filter. */
export function LiveFleetFilters({
  search,
  setSearch,
  status,
  setStatus,
  group,
  setGroup,
  groups,
  counts,
  loaded,
}: {
  search: string
  setSearch: (value: string) => void
  status: LiveStatus | null
  setStatus: (update: (current: LiveStatus | null) => LiveStatus | null) => void
  group: GroupFilter
  setGroup: (value: GroupFilter) => void
  groups: VehicleGroup[]
  counts: Record<LiveStatus, number>
  loaded: boolean
}) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <>
      <label className="relative block">
        <span className="sr-only">{t('live.map.search_label')}</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('live.map.search_placeholder')}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
          data-testid="vehicle-search"
        />
      </label>
      <div className="grid grid-cols-4 gap-1" role="group" aria-label={t('live.map.status_filter')}>
        {liveStatuses.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus((current) => (current === value ? null : value))}
            data-testid={`status-filter-${value}`}
            className={clsx(
              'flex cursor-pointer flex-col items-center rounded-lg border px-1 py-1.5 text-[11px] font-medium transition-colors',
              status === value
                ? 'border-brand-500 bg-brand-50 text-brand-800'
                : 'border-slate-200 text-slate-600 hover:bg-slate-50'
            )}
          >
            <span className="flex items-center gap-1 text-sm font-semibold text-slate-900 tabular-nums">
              <span
                className={clsx('size-2 rounded-full', statusDotClasses[value])}
                aria-hidden="true"
              />
              {loaded ? format.number(counts[value]) : '–'}
            </span>
            {t(`live.status.${value}`)}
          </button>
        ))}
      </div>
      {groups.length > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <span className="shrink-0 text-slate-500">{t('live.map.group_filter')}</span>
          <select
            value={String(group)}
            onChange={(event) => {
              const value = event.target.value
              setGroup(value === 'all' || value === 'none' ? value : Number(value))
            }}
            className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm"
            data-testid="group-filter"
          >
            <option value="all">{t('live.map.all_groups')}</option>
            {groups.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
            <option value="none">{t('live.map.no_group')}</option>
          </select>
        </label>
      )}
    </>
  )
}
