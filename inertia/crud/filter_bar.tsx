import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { comparisonOperators, operatorsForKind } from '#shared/table_query'
import { valuelessOperators, type TableState } from './query_state'
import type { ColumnMeta, ResourceMeta } from './types'

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
  const spec = filterable.find((candidate) => candidate.name === column)
  const operators = operatorsForKind(spec?.kind ?? 'text')
  const [chosenOperator, setOperator] = useState<string>(operators[0])
  // A column of another kind offers other operators: the first of them until one is chosen.
  const operator = operators.includes(chosenOperator as never) ? chosenOperator : operators[0]
  const [value, setValue] = useState('')
  const label = (name: string) => t(`crud.${meta.key}.fields.${name}`)
  const columnOf = (name: string) => filterable.find((candidate) => candidate.name === name)
  const operatorLabel = (kind: string | undefined, name: string) =>
    (kind === 'date' || kind === 'datetime') && comparisonOperators.has(name)
      ? t(`crud.date_operators.${name}`)
      : t(`crud.operators.${name}`)
  const valueLabel = (target: ColumnMeta | undefined, raw: string) => {
    if (target?.kind === 'boolean') {
      return raw === 'true' ? t('crud.table.filter_yes') : t('crud.table.filter_no')
    }
    if (target?.kind === 'enum') return t(`crud.${meta.key}.values.${target.name}.${raw}`)
    return raw
  }

  function chooseColumn(name: string) {
    setColumn(name)
    setValue('')
  }

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
        onChange={(e) => chooseColumn(e.target.value)}
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
        {operators.map((candidate) => (
          <option key={candidate} value={candidate}>
            {operatorLabel(spec?.kind, candidate)}
          </option>
        ))}
      </select>
      {!valuelessOperators.has(operator) && (
        <FilterValue
          column={spec}
          value={value}
          onChange={setValue}
          onEnter={add}
          optionLabel={(raw) => valueLabel(spec, raw)}
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
          {label(filter.column)} {operatorLabel(columnOf(filter.column)?.kind, filter.operator)}{' '}
          {filter.value ? valueLabel(columnOf(filter.column), filter.value) : ''}
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

/** The value of a filter as its column's kind asks: a date, a number, or one of its values. */
function FilterValue({
  column,
  value,
  onChange,
  onEnter,
  optionLabel,
}: {
  column: ColumnMeta | undefined
  value: string
  onChange: (value: string) => void
  onEnter: () => void
  optionLabel: (value: string) => string
}) {
  const { t } = useI18n()
  const common = {
    'aria-label': t('crud.table.filter_value'),
    'className': `${control} w-40`,
    value,
  }
  const choices =
    column?.kind === 'boolean'
      ? ['true', 'false']
      : column?.kind === 'enum'
        ? column.enumValues
        : null
  if (choices) {
    return (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="" disabled>
          {t('crud.table.filter_value')}
        </option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {optionLabel(choice)}
          </option>
        ))}
      </select>
    )
  }
  const type =
    column?.kind === 'number'
      ? 'number'
      : column?.kind === 'date' || column?.kind === 'datetime'
        ? 'date'
        : 'text'
  return (
    <input
      {...common}
      type={type}
      step={type === 'number' ? 'any' : undefined}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && onEnter()}
    />
  )
}
