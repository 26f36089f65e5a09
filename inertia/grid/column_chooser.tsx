import { Columns3 } from 'lucide-react'
import { Popover } from 'radix-ui'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import type { GridColumn } from './types'

/** Which columns the table shows; the list source may save the choice for the user. */
export function ColumnChooser({
  columns,
  header,
  fields,
  onChange,
}: {
  columns: GridColumn[]
  header: (column: GridColumn) => string
  fields: string[]
  onChange: (fields: string[]) => void
}) {
  const { t } = useI18n()
  const choices = columns.filter((column) => column.name !== 'id')
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" data-testid="column-chooser">
          <Columns3 className="size-4" aria-hidden="true" /> {t('crud.table.columns')}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-96 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          {choices.map((column) => {
            const checked = fields.includes(column.name)
            return (
              <label
                key={column.name}
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={checked && fields.length === 1}
                  onChange={() =>
                    onChange(
                      checked
                        ? fields.filter((field) => field !== column.name)
                        : choices
                            .map((c) => c.name)
                            .filter((name) => name === column.name || fields.includes(name))
                    )
                  }
                />
                {header(column)}
              </label>
            )
          })}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
