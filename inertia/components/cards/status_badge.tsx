import { clsx } from 'clsx'
import { statusBadgeClasses, statusDotClasses } from '~/components/map/status_style'
import type { LiveStatus } from '~/components/map/types'
import { useI18n } from '~/lib/i18n'

export function StatusBadge({ status, className }: { status: LiveStatus; className?: string }) {
  const { t } = useI18n()
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        statusBadgeClasses[status],
        className
      )}
      data-status={status}
    >
      <span
        className={clsx('size-1.5 rounded-full', statusDotClasses[status])}
        aria-hidden="true"
      />
      {t(`live.status.${status}`)}
    </span>
  )
}
