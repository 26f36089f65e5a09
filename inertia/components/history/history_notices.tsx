import { AlertTriangle } from 'lucide-react'
import type { HistorySelection } from '~/components/history/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** Why the asked period was refused (invalid, inverted or longer than allowed). */
export function HistoryError({
  error,
  maxDays,
}: {
  error: NonNullable<HistorySelection['error']>
  maxDays: number
}) {
  const { t } = useI18n()
  return (
    <p
      role="alert"
      className="mb-4 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      data-testid="history-error"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
      {t(`live.history.errors.${error}`, { days: maxDays })}
    </p>
  )
}

/** Shown when the track was cut at the point limit. */
export function TruncatedNotice({ maxPoints }: { maxPoints: number }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="history-truncated"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
      {t('live.history.truncated', { count: format.number(maxPoints) })}
    </p>
  )
}
