import type { Formatters } from '../lib/format'
import type { Translate } from '../lib/i18n'
import type { ColumnMeta, ResourceMeta, Row } from './types'

/** A cell of a resource table as text (the grid, its copy and its CSV). */
export function formatCell(
  t: Translate,
  meta: ResourceMeta,
  column: ColumnMeta,
  value: unknown,
  format: Formatters,
  row?: Row
) {
  if (value === null || value === undefined || value === '') return '—'
  if (column.money) {
    const currency = column.money.currency ? row?.[column.money.currency] : null
    return format.money(Number(value), typeof currency === 'string' ? currency : null)
  }
  switch (column.kind) {
    case 'boolean':
      return t(value === true || value === 'true' ? 'crud.table.yes' : 'crud.table.no')
    case 'datetime':
      return format.dateTime(String(value), true)
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value))
        ? format.calendarDate(String(value))
        : format.date(String(value))
    case 'enum':
      return t(`crud.${meta.key}.values.${column.name}.${value}`)
    case 'number':
      return column.name === 'latitude' || column.name === 'longitude'
        ? format.coordinate(Number(value))
        : Number.isFinite(Number(value))
          ? format.number(Number(value), 2)
          : String(value)
    default:
      return String(value)
  }
}
