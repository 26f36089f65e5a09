import { router } from '@inertiajs/react'
import { Fuel, Plus } from 'lucide-react'
import { useState } from 'react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { Button } from '~/components/ui/button'
import { ColumnHeaders, numberColumn } from '~/components/ui/table'
import { ResourceForm } from '~/crud/resource_form'
import type { ResourceMeta } from '~/crud/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

/** The vehicle's fuel log card (generated from app/transformers/fuel/fuel_log_transformer.ts). */
export type VehicleFuelLog = Data.Fuel.FuelLog
type FuelLogForm = VehicleFuelLog['form']

/** The fuel log's form as the resource form reads it (no table: only the form). */
function formMeta(form: FuelLogForm): ResourceMeta {
  return {
    key: form.key,
    columns: [],
    defaultFields: [],
    defaultSort: { column: 'entry_date', order: 'desc' },
    hasDateRange: false,
    hasDeviceFilter: false,
    hasSearch: false,
    labelColumn: 'voucher_no',
    canWrite: true,
    form: form.fields,
    defaults: form.defaults,
  }
}

/**
 * The vehicle page's fuel log card: the latest fill-ups of the vehicle, a link to the whole
 * fuel log, and (managers) a form that adds an entry to this vehicle through the fuel log's
 * own route, so the same validation and messages apply.
 */
export function FuelLogCard({ fuelLog }: { fuelLog: VehicleFuelLog }) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const [adding, setAdding] = useState(false)
  const label = (name: string) => t(`crud.fuel_entries.fields.${name}`)
  const money = (value: number | null) => (value === null ? '—' : format.number(value, 2))

  return (
    <DetailCard
      title={t('live.vehicle.cards.fuel_log')}
      icon={Fuel}
      testId="card-fuel-log"
      action={
        fuelLog.canAdd ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setAdding(true)}
            data-testid="fuel-log-add"
          >
            <Plus className="mr-1 size-4" aria-hidden="true" />
            {t('crud.table.create')}
          </Button>
        ) : undefined
      }
    >
      {fuelLog.entries.length === 0 ? (
        <CardEmpty icon={Fuel} message={t('live.empty.fuel_log')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="fuel-log-entries">
            <ColumnHeaders
              rowClassName="text-left text-xs text-slate-500"
              cellClassName="py-1 font-medium not-last:pr-3"
              columns={[
                label('entry_date'),
                ...['litres', 'total', 'total_km'].map((name) => numberColumn(label(name))),
                label('supplier'),
              ]}
            />
            <tbody>
              {fuelLog.entries.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-100">
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    {format.calendarDate(entry.date)}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {format.number(entry.litres, 2)}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{money(entry.total)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {entry.totalKm === null ? '—' : format.number(entry.totalKm, 1)}
                  </td>
                  <td className="py-1.5">{entry.supplier ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-right text-sm">
        <RouteLink route="fleet.fuel-log" className="font-medium text-brand-700 hover:underline">
          {t('common.routes.fleet.fuel-log')}
        </RouteLink>
      </p>
      {adding && (
        <ResourceForm
          meta={formMeta(fuelLog.form)}
          action={path('fleet.fuel-log')}
          record={null}
          lookups={fuelLog.lookups}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false)
            router.reload({ only: ['fuelLog'] })
          }}
        />
      )}
    </DetailCard>
  )
}
