import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import type { RenewalRow } from '#shared/renewals'
import { ColumnHeaders } from '~/components/ui/table'

/** The renewals with the days left, soonest first (the renewals page and the dashboard card). */
export function RenewalTable({ renewals }: { renewals: RenewalRow[] }) {
  const { t } = useI18n()
  const format = useFormat()
  const col = (name: string) => t(`renewals.page.columns.${name}`)
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <ColumnHeaders
          className="border-b border-slate-200 text-slate-600"
          cellClassName="px-2 py-2 font-medium"
          columns={['kind', 'subject', 'dueDate', 'daysLeft', 'reminded'].map(col)}
        />
        <tbody>
          {renewals.map((row) => (
            <tr key={`${row.kind}:${row.recordId}`} className="border-b border-slate-100">
              <td className="px-2 py-2">{t(`renewals.page.kinds.${row.kind}`)}</td>
              <td className="px-2 py-2">{row.subject}</td>
              <td className="px-2 py-2">{format.calendarDate(row.dueDate)}</td>
              <td className={row.daysLeft < 0 ? 'px-2 py-2 font-medium text-red-700' : 'px-2 py-2'}>
                {row.daysLeft < 0
                  ? t('renewals.page.overdue_by', { days: -row.daysLeft })
                  : t('renewals.page.days_left', { days: row.daysLeft })}
              </td>
              <td className="px-2 py-2">
                {row.reminded ? t('renewals.page.yes') : t('renewals.page.no')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
