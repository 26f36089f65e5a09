import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

type BadgeTone = 'brand' | 'neutral' | 'amber' | 'red' | 'green'

const tones: Record<BadgeTone, string> = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
}

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-[11px] leading-4 font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className
      )}
      {...props}
    />
  )
}
