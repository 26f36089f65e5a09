import { CalendarClock } from 'lucide-react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { RenewalRow } from '#shared/renewals'

/** The dashboard's renewals due: overdue and upcoming, soonest first (issue 30, point 2). */
export function RenewalsCard({ items }: { items: RenewalRow[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('renewals.page.card')}
      icon={CalendarClock}
      testId="card-renewals"
      action={
        <RouteLink
          route="fleet.renewals"
          className="text-xs font-medium text-brand-700 hover:underline"
        >
          {t('renewals.page.card_all')}
        </RouteLink>
      }
    >
      {items.length === 0 ? (
        <CardEmpty icon={CalendarClock} message={t('renewals.page.empty')} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li
              key={`${item.kind}:${item.recordId}`}
              className="flex items-start justify-between gap-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.subject}</p>
                <p className="text-slate-600">
                  {t(`renewals.page.kinds.${item.kind}`)} · {format.calendarDate(item.dueDate)}
                </p>
              </div>
              <span
                className={
                  item.daysLeft < 0
                    ? 'shrink-0 font-medium text-red-700'
                    : 'shrink-0 text-slate-700'
                }
              >
                {item.daysLeft < 0
                  ? t('renewals.page.overdue_by', { days: -item.daysLeft })
                  : t('renewals.page.days_left', { days: item.daysLeft })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}
