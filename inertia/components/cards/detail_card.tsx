import { clsx } from 'clsx'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '~/components/ui/card'

/** A card of the back office's live screens: icon, title, an optional action, its content. */
export function DetailCard({
  title,
  icon: Icon,
  action,
  children,
  className,
  testId,
  bodyClassName,
}: {
  title: string
  icon?: LucideIcon
  action?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
  bodyClassName?: string
}) {
  return (
    <Card className={clsx('flex flex-col', className)} data-testid={testId}>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
          {Icon && <Icon className="size-4 shrink-0 text-brand-600" aria-hidden="true" />}
          <span className="truncate">{title}</span>
        </h2>
        {action}
      </div>
      <div className={clsx('flex-1 px-4 py-3', bodyClassName)}>{children}</div>
    </Card>
  )
}

const isMissing = (value: ReactNode) => value === null || value === undefined || value === ''

/** Label and value pairs; a value that is missing shows a dash, or no row with `hideEmpty`. */
export function FieldList({
  items,
  columns = 1,
  hideEmpty = false,
}: {
  items: { label: string; value: ReactNode; testId?: string }[]
  columns?: 1 | 2
  hideEmpty?: boolean
}) {
  return (
    <dl
      className={clsx(
        'grid gap-x-6 text-sm',
        columns === 2 ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-1'
      )}
    >
      {(hideEmpty ? items.filter((item) => !isMissing(item.value)) : items).map((item) => (
        <div
          key={item.label}
          className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-1.5 last:border-0"
        >
          <dt className="shrink-0 text-slate-500">{item.label}</dt>
          <dd
            className="min-w-0 text-right font-medium break-words text-slate-900"
            data-testid={item.testId}
          >
            {isMissing(item.value) ? (
              <span className="font-normal text-slate-400">—</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The compact empty state inside a card ("No items found." and the spec's other messages). */
export function CardEmpty({ icon: Icon, message }: { icon?: LucideIcon; message: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-6 text-center text-sm text-slate-500">
      {Icon && (
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      )}
      <p>{message}</p>
    </div>
  )
}
