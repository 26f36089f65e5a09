import { clsx } from 'clsx'
import { Link } from '@inertiajs/react'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

const tones = {
  green: 'bg-green-50 text-green-700',
  amber: 'bg-amber-50 text-amber-700',
  blue: 'bg-blue-50 text-blue-700',
  slate: 'bg-slate-100 text-slate-600',
  brand: 'bg-brand-50 text-brand-700',
  red: 'bg-red-50 text-red-700',
} as const

export type StatTone = keyof typeof tones

/** A number with its label, icon and an optional line or bar under it; a link when `href`. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'brand',
  footer,
  href,
  testId,
  compact = false,
}: {
  label: string
  value: ReactNode
  icon: LucideIcon
  tone?: StatTone
  footer?: ReactNode
  href?: string
  testId?: string
  /** Smaller figures, for narrow columns. */
  compact?: boolean
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-500">{label}</p>
          <p
            className={clsx(
              'mt-1 font-semibold tracking-tight whitespace-nowrap text-slate-900 tabular-nums',
              compact ? 'text-lg' : 'text-2xl'
            )}
            data-testid={testId}
          >
            {value}
          </p>
        </div>
        <span
          className={clsx(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-lg',
            tones[tone]
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      {footer && <div className="mt-3 text-xs text-slate-500">{footer}</div>}
    </>
  )
  const classes =
    'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors'
  if (href) {
    return (
      <Link href={href} className={clsx(classes, 'hover:border-brand-300 hover:bg-brand-50/30')}>
        {body}
      </Link>
    )
  }
  return <div className={classes}>{body}</div>
}
