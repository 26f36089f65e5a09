import { Head } from '@inertiajs/react'
import { Users } from 'lucide-react'
import { EmptyState } from '~/components/empty_state'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { PeriodFilter } from '~/components/period_filter'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent } from '~/components/ui/card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

interface Props {
  period: { from: string; to: string }
  /** The fleet records' tables that exist (their counts show as columns). */
  records: { accidents: boolean; fines: boolean }
  drivers: {
    id: number
    name: string
    status: string
    leaveDays: number
    pendingLeave: number
    trips: number
    workingSeconds: number
    distanceKm: number
    accidents: number | null
    fines: number | null
  }[]
}

const stateTones = { active: 'green', passive: 'neutral', on_leave: 'amber' } as const

/**
 * HR per driver over a period: state today, approved leave days and pending leave requests,
 * trips driven, working time (the trips' durations) and distance.
 */
export default function HrReports({ period, records, drivers }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const columns = ['leave_days', 'pending_leave', 'trips', 'working_time', 'distance'] as const
  return (
    <>
      <Head title={title} />
      <PageHeader description={t('fleet_flow.hr.description')} />
      <PeriodFilter period={period} />
      {drivers.length === 0 ? (
        <EmptyState icon={Users} />
      ) : (
        <Card>
          <CardContent className="overflow-x-auto">
            <table className="min-w-full text-sm" data-testid="hr-table">
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-2 pr-3">
                    {t('crud.drivers.fields.name')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('crud.drivers.fields.status')}
                  </th>
                  {columns.map((column) => (
                    <th key={column} scope="col" className="px-2 py-2 text-right">
                      {t(`fleet_flow.hr.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {drivers.map((driver) => (
                  <tr key={driver.id} data-driver={driver.name}>
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {driver.name}
                    </th>
                    <td className="px-2 py-2">
                      <Badge
                        tone={stateTones[driver.status as keyof typeof stateTones] ?? 'neutral'}
                      >
                        {t(`crud.drivers.values.status.${driver.status}`)}
                      </Badge>
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">{driver.leaveDays}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{driver.pendingLeave}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{driver.trips}</td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {format.duration(driver.workingSeconds)}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {format.distance(driver.distanceKm * 1000)}
                    </td>
                    {records.accidents && (
                      <td className="px-2 py-2 text-right tabular-nums">{driver.accidents}</td>
                    )}
                    {records.fines && (
                      <td className="px-2 py-2 text-right tabular-nums">{driver.fines}</td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </>
  )
}
