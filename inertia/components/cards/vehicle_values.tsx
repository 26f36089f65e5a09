import { clsx } from 'clsx'
import type { Formatters } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** Small helpers shared by the vehicle detail cards. */

export function useValue() {
  const { t } = useI18n()
  return (value: string | null | undefined) => (value ? t(`live.vehicle.values.${value}`) : null)
}

export function volts(value: number | null, format: Formatters) {
  return value === null ? null : `${format.number(value, 2)} V`
}

export function SignalBars({ level }: { level: number }) {
  const bars = Math.max(0, Math.min(5, Math.round(level)))
  return (
    <span className="inline-flex items-end gap-0.5" aria-label={`${bars}/5`} role="img">
      {[1, 2, 3, 4, 5].map((bar) => (
        <span
          key={bar}
          className={clsx('w-1 rounded-sm', bar <= bars ? 'bg-brand-600' : 'bg-slate-200')}
          style={{ height: 3 + bar * 2 }}
        />
      ))}
    </span>
  )
}
