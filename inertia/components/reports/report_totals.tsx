import type { reportTotals } from '#shared/report_values'
import { useI18n } from '~/lib/i18n'

/** The report's totals as labelled cards. */
export function ReportTotals({ totals }: { totals: ReturnType<typeof reportTotals> }) {
  const { t } = useI18n()
  if (totals.length === 0) return null
  return (
    <section aria-labelledby="report-totals">
      <h2 id="report-totals" className="mb-2 text-base font-semibold text-slate-900">
        {t('report_pages.page.totals')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-totals">
        {totals.map((total) => (
          <div
            key={total.name}
            className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
          >
            {total.label ? (
              <>
                <dt className="text-xs text-slate-600">{total.label}</dt>
                <dd className="text-lg font-semibold text-slate-900">{total.text}</dd>
              </>
            ) : (
              <dd className="text-lg font-semibold text-slate-900">{total.text}</dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  )
}
