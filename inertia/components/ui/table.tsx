import { clsx } from 'clsx'
import type { ReactNode } from 'react'

/**
 * One column header: its text, or its content (an sr-only label of an actions column) with
 * classes of its own beside the row's (`text-right` of a number column, another padding).
 */
export type ColumnHeader = string | { label: ReactNode; className?: string; lang?: string }

/**
 * The header of a hand-laid table (a card's list, a log, an import's errors): a `<thead>`
 * with one `<th scope="col">` a column, in the table's look. A column left out for this
 * reader (`canEdit && …`) is false, null or undefined and renders nothing; `children` end
 * the row (an empty cell above a column of buttons).
 */
export function ColumnHeaders({
  columns,
  className,
  rowClassName,
  cellClassName,
  children,
}: {
  columns: (ColumnHeader | false | null | undefined)[]
  /** Classes of the `<thead>`. */
  className?: string
  /** Classes of the header's `<tr>`. */
  rowClassName?: string
  /** Classes of every `<th>`. */
  cellClassName?: string
  children?: ReactNode
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) => {
          if (column === false || column === null || column === undefined) return null
          const {
            label,
            className: own,
            lang,
          } = typeof column === 'string' ? { label: column } : column
          return (
            <th
              key={index}
              scope="col"
              className={clsx(cellClassName, own) || undefined}
              lang={lang}
            >
              {label}
            </th>
          )
        })}
        {children}
      </tr>
    </thead>
  )
}

/** A column of numbers: its header aligned right, over its figures. */
export function numberColumn(label: ReactNode): ColumnHeader {
  return { label, className: 'text-right' }
}

/**
 * A table on a white card of its own (rounded, bordered, scrolling sideways on a narrow
 * screen): the account, team, unregistered-device and schedule lists.
 */
export function CardTable({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={testId}>
        {children}
      </table>
    </div>
  )
}
