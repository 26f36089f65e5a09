import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { filterOperators, valuelessOperators, type TableState } from './query_state'
import type { ResourceMeta } from './types'

const control =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-500'

/** Column filters (filter[column]=op:value): choose a column, an operator and a value. */
export function FilterBar({
  meta,
  filters,
  onChange,
}: {
  meta: ResourceMeta
  filters: TableState['filters']
  onChange: (filters: TableState['filters']) => void
}) {
  const { t } = useI18n()
  const filterable = meta.columns.filter((column) => column.filterable && column.name !== 'id')
  const [column, setColumn] = useState(filterable[0]?.name ?? '')
  const [operator, setOperator] = useState<string>('ilike')
  const [value, setValue] = useState('')
  const label = (name: string) => t(`crud.${meta.key}.fields.${name}`)

  function add() {
    if (!column || (!valuelessOperators.has(operator) && value === '')) return
    onChange([...filters.filter((filter) => filter.column !== column), { column, operator, value }])
    setValue('')
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-bar">
      <select
        aria-label={t('crud.table.filter_column')}
        className={control}
        value={column}
        onChange={(e) => setColumn(e.target.value)}
      >
        {filterable.map((candidate) => (
          <option key={candidate.name} value={candidate.name}>
            {label(candidate.name)}
          </option>
        ))}
      </select>
      <select
        aria-label={t('crud.table.filter_operator')}
        className={control}
        value={operator}
        onChange={(e) => setOperator(e.target.value)}
      >
        {filterOperators.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(`crud.operators.${candidate}`)}
          </option>
        ))}
      </select>
      {!valuelessOperators.has(operator) && (
        <input
          aria-label={t('crud.table.filter_value')}
          className={`${control} w-40`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
        />
      )}
      <Button variant="outline" size="sm" onClick={add} data-testid="add-filter">
        <Plus className="size-4" aria-hidden="true" /> {t('crud.table.add_filter')}
      </Button>
      {filters.map((filter) => (
        <span
          key={filter.column}
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-xs text-brand-800"
        >
          {label(filter.column)} {t(`crud.operators.${filter.operator}`)} {filter.value}
          <button
            type="button"
            aria-label={t('crud.table.remove_filter')}
            className="ml-1 rounded-full hover:bg-brand-100"
            onClick={() => onChange(filters.filter((other) => other.column !== filter.column))}
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </span>
      ))}
    </div>
  )
}
