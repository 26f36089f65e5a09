import { clsx } from 'clsx'
import { useI18n } from '~/lib/i18n'

/** Days left of a licence: a neutral, amber (a week or less) or red (ended) pill. */
export function DaysRemaining({ days }: { days: number }) {
  const { t } = useI18n()
  const text =
    days < 0
      ? t('live.days.expired', { days: -days })
      : days === 0
        ? t('live.days.today')
        : t(days === 1 ? 'live.days.remaining_one' : 'live.days.remaining', { days })
  return (
    <span
      className={clsx(
        'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        days < 0
          ? 'bg-red-50 text-red-700 ring-red-600/20'
          : days <= 7
            ? 'bg-amber-50 text-amber-800 ring-amber-600/25'
            : 'bg-slate-100 text-slate-700 ring-slate-500/20'
      )}
      data-days={days}
    >
      {text}
    </span>
  )
}
