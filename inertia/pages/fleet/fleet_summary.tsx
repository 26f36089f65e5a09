import { Head, Link, router, usePage } from '@inertiajs/react'
import {
  AlertTriangle,
  CircleDollarSign,
  ClipboardCheck,
  ClipboardList,
  Clock,
  Gauge,
  Receipt,
  Route as RouteIcon,
  Truck,
  Wrench,
} from 'lucide-react'
import type { FleetSummaryForPage } from '#transformers/fleet/fleet_summary_transformer'
import { StatCard } from '~/components/cards/stat_card'
import { PeriodPicker } from '~/components/form/period_picker'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Button } from '~/components/ui/button'
import { ColumnHeaders, numberColumn } from '~/components/ui/table'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

interface Props {
  summary: FleetSummaryForPage
}

const costKinds = ['expenses', 'services', 'maintenance', 'fines', 'insurance'] as const

/**
 * The whole fleet on one page for a period: vehicles, distance and driving time, costs by
 * kind and per km, fines, accidents, open requests, maintenance due and the check pass rate.
 */
export default function FleetSummary({ summary }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const page = usePage()
  const route = useRoute()
  // Every amount in the company's reporting currency, written the page language's way.
  const money = (value: number) => format.money(value, summary.currency)
  const none = t('fleet_reports.summary.none')

  return (
    <>
      <Head title={title} />
      <PageHeader
        description={t('fleet_reports.summary.description')}
        actions={
          <Button variant="secondary" asChild>
            <Link
              href={route('fleet.maintenance-integration')}
              data-testid="maintenance-integration-link"
            >
              <Wrench className="size-4" aria-hidden="true" />
              {t('fleet_reports.integration.link')}
            </Link>
          </Button>
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <span className="text-sm font-medium text-slate-700">{t('report_pages.picker.label')}</span>
        <PeriodPicker
          value={{ preset: null, from: summary.period.from, to: summary.period.to }}
          onChange={(range) =>
            router.get(
              page.url.split('?')[0],
              { from: range.from, to: range.to },
              { preserveScroll: true }
            )
          }
          presets={['today', 'yesterday', 'last_7_days', 'this_month', 'last_month']}
          testId="summary-period"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="fleet-summary">
        <StatCard
          label={t('fleet_reports.summary.vehicles')}
          value={format.number(summary.vehicles)}
          icon={Truck}
          testId="summary-vehicles"
        />
        <StatCard
          label={t('fleet_reports.summary.distance')}
          value={format.distance(summary.distanceKm * 1000)}
          icon={RouteIcon}
          tone="blue"
          testId="summary-distance"
        />
        <StatCard
          label={t('fleet_reports.summary.driving')}
          value={format.duration(summary.drivingSeconds)}
          icon={Clock}
          tone="slate"
          testId="summary-driving"
        />
        <StatCard
          label={t('fleet_reports.summary.cost_per_km')}
          value={summary.costPerKm === null ? none : money(summary.costPerKm)}
          icon={Gauge}
          tone="amber"
          testId="summary-cost-per-km"
        />
        <StatCard
          label={t('fleet_reports.summary.fines')}
          value={format.number(summary.fines.count)}
          icon={Receipt}
          tone="red"
          testId="summary-fines"
          footer={t('fleet_reports.summary.fines_footer', {
            amount: money(summary.fines.amount),
            unpaid: money(summary.fines.unpaidAmount),
          })}
        />
        <StatCard
          label={t('fleet_reports.summary.accidents')}
          value={format.number(summary.accidents.count)}
          icon={AlertTriangle}
          tone="red"
          testId="summary-accidents"
          footer={t('fleet_reports.summary.accidents_footer', {
            cost: money(summary.accidents.cost),
          })}
        />
        <StatCard
          label={t('fleet_reports.summary.open_requests')}
          value={format.number(summary.openRequests.requests + summary.openRequests.leave)}
          icon={ClipboardList}
          tone="brand"
          testId="summary-open-requests"
          footer={t('fleet_reports.summary.open_requests_footer', {
            requests: summary.openRequests.requests,
            leave: summary.openRequests.leave,
          })}
        />
        <StatCard
          label={t('fleet_reports.summary.maintenance_due')}
          value={format.number(summary.maintenance.due + summary.maintenance.overdue)}
          icon={Wrench}
          tone="amber"
          testId="summary-maintenance"
          footer={t('fleet_reports.summary.maintenance_footer', {
            due: summary.maintenance.due,
            overdue: summary.maintenance.overdue,
          })}
        />
        <StatCard
          label={t('fleet_reports.summary.check_pass_rate')}
          value={
            summary.checks.passRate === null
              ? none
              : `%${format.number(summary.checks.passRate, 0)}`
          }
          icon={ClipboardCheck}
          tone="green"
          testId="summary-pass-rate"
          footer={t('fleet_reports.summary.checks_footer', {
            passing: summary.checks.passing,
            vehicles: summary.checks.vehicles,
          })}
        />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <span className="inline-flex items-center gap-2">
              <CircleDollarSign className="size-5" aria-hidden="true" />
              {t('fleet_reports.summary.costs')}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="min-w-full text-sm" data-testid="summary-costs">
            <ColumnHeaders
              rowClassName="text-left text-slate-600"
              cellClassName="py-2 not-first:px-2 first:pr-3"
              columns={[
                t('fleet_reports.summary.cost_kind'),
                numberColumn(t('fleet_reports.summary.amount')),
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {costKinds.map((kind) => (
                <tr key={kind} data-kind={kind}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {t(`fleet_reports.summary.cost_kinds.${kind}`)}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">
                    {money(summary.costs[kind])}
                  </td>
                </tr>
              ))}
              <tr data-kind="total" className="font-semibold">
                <th scope="row" className="py-2 pr-3 text-left">
                  {t('fleet_reports.summary.total')}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{money(summary.costs.total)}</td>
              </tr>
            </tbody>
          </table>
        </CardContent>
      </Card>
    </>
  )
}
