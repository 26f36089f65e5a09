import { usePage } from '@inertiajs/react'
import { useMemo } from 'react'
import type { GridPresentation } from '~/grid/types'
import { useFormat, type Formatters } from '~/lib/format'
import { useI18n, type Translate } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { ColumnMeta, ResourceClient, ResourceMeta, Row } from './types'

function formatCell(
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

/**
 * How a resource's columns read in the grid: headers and values from its translations, its
 * own cells, and the label column as a link where the resource has a page per row.
 */
export function useResourcePresentation(
  meta: ResourceMeta,
  client: ResourceClient
): GridPresentation<Row> {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const base = usePage().url.split('?')[0]
  return useMemo(
    () => ({
      header: (column) => t(`crud.${meta.key}.fields.${column.name}`),
      text: (column, value, row) => formatCell(t, meta, column, value, format, row),
      cell: (column, value, row) => {
        const custom = client.cells?.[column.name]
        if (custom) return custom(value, row)
        if (meta.fileFields?.includes(column.name) && typeof value === 'string' && value) {
          return (
            <a
              href={`${base}/${row.id}/files/${column.name}`}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-700 hover:underline"
            >
              {value}
            </a>
          )
        }
        const href = column.name === meta.labelColumn ? client.rowHref?.(row, path) : null
        return href ? (
          <a href={href} className="font-medium text-brand-700 hover:underline">
            {formatCell(t, meta, column, value, format, row)}
          </a>
        ) : null
      },
    }),
    [t, format, meta, client, path, base]
  )
}
