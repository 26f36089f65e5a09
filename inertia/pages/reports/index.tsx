import { Head } from '@inertiajs/react'
import { ChevronRight, Lock } from 'lucide-react'
import { PageHeader } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { ScheduleList } from '~/components/reports/schedules'
import type { Data } from '~generated/data'

type Props = {
  groups: Data.Reports.ReportGroup[]
  schedules: Data.Reports.ScheduledReport[]
  canSchedule: boolean
}

/** Every report of the product, grouped, each with one line; the scheduled reports below. */
export default function ReportsIndex({ groups, schedules, canSchedule }: Props) {
  const { t } = useI18n()
  return (
    <>
      <Head title={t('common.routes.reports')} />
      <PageHeader description={t('report_pages.index.intro')} />
      <div className="grid gap-6 lg:grid-cols-2" data-testid="report-groups">
        {groups.map((group) => (
          <section
            key={group.key}
            aria-labelledby={`group-${group.key}`}
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <h2
              id={`group-${group.key}`}
              className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900"
            >
              {t(`report_pages.groups.${group.key}`)}
            </h2>
            <ul className="divide-y divide-slate-100">
              {group.reports.map((report) => {
                const title = t(`report_pages.catalogue.${report.slug}.title`)
                const description = t(`report_pages.catalogue.${report.slug}.description`)
                return (
                  <li key={report.slug} data-testid={`report-${report.slug}`}>
                    {report.available ? (
                      <RouteLink
                        route={report.route}
                        className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm font-medium text-brand-700 group-hover:underline">
                            {title}
                          </span>
                          <span className="block text-sm text-slate-600">{description}</span>
                        </span>
                        <ChevronRight
                          className="size-4 shrink-0 text-slate-400"
                          aria-hidden="true"
                        />
                      </RouteLink>
                    ) : (
                      <div className="flex items-center gap-3 px-4 py-3" aria-disabled="true">
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm font-medium text-slate-700">{title}</span>
                          <span className="block text-sm text-slate-600">{description}</span>
                        </span>
                        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                          <Lock className="size-3" aria-hidden="true" />
                          {t('report_pages.index.unavailable')}
                        </span>
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          </section>
        ))}
      </div>
      <ScheduleList schedules={schedules} canSchedule={canSchedule} showReport />
    </>
  )
}
