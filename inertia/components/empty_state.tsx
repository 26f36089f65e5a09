import { clsx } from 'clsx'
import { Inbox, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useI18n } from '~/lib/i18n'

/** Shown where a list or a card has nothing to show ("No items found." by default). */
export function EmptyState({
  icon: Icon = Inbox,
  title,
  description,
  action,
  className,
}: {
  icon?: LucideIcon
  title?: string
  description?: ReactNode
  action?: ReactNode
  className?: string
}) {
  const { t } = useI18n()
  return (
    <div
      className={clsx(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className
      )}
    >
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title ?? t('common.empty.noItems')}</p>
      {description && <div className="mt-1 max-w-md text-sm text-slate-500">{description}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  )
}
