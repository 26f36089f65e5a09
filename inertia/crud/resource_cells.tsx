import { usePage } from '@inertiajs/react'
import { useMemo } from 'react'
import type { GridPresentation } from '~/grid/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { ResourceClient, ResourceMeta, Row } from './types'
import { formatCell } from './cell_text'

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
