import { clsx } from 'clsx'
import { SlidersHorizontal } from 'lucide-react'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

function IoPill({ label, active, testId }: { label: string; active: boolean; testId?: string }) {
  const { t } = useI18n()
  return (
    <li
      data-testid={testId}
      data-active={active}
      className={clsx(
        'flex items-center justify-between gap-2 rounded-lg border px-2.5 py-1.5 text-xs',
        active
          ? 'border-green-200 bg-green-50 text-green-800'
          : 'border-slate-200 bg-white text-slate-600'
      )}
    >
      <span className="font-medium">{label}</span>
      <span className="inline-flex items-center gap-1">
        <span
          className={clsx('size-1.5 rounded-full', active ? 'bg-green-600' : 'bg-slate-300')}
          aria-hidden="true"
        />
        {t(active ? 'live.vehicle.io.active' : 'live.vehicle.io.inactive')}
      </span>
    </li>
  )
}

export function InputsOutputsCard({
  io,
}: {
  io: Data.Live.VehicleDetail.Variants['forInputsOutputs']
}) {
  const { t } = useI18n()
  const format = useFormat()
  const empty = io.inputs.length === 0 && io.outputs.length === 0 && io.analog.length === 0
  return (
    <DetailCard title={t('live.vehicle.cards.io')} icon={SlidersHorizontal} testId="card-io">
      {empty ? (
        <CardEmpty icon={SlidersHorizontal} message={t('live.vehicle.io.none')} />
      ) : (
        <div className="space-y-3">
          {io.inputs.length > 0 && (
            <section>
              <h3 className="mb-1.5 text-xs font-medium text-slate-500">
                {t('live.vehicle.io.digital_inputs')}
              </h3>
              <ul className="grid grid-cols-2 gap-1.5">
                {io.inputs.map((input) => (
                  <IoPill
                    key={input.number}
                    label={t('live.vehicle.io.input', { number: input.number })}
                    active={input.active}
                  />
                ))}
              </ul>
            </section>
          )}
          {io.analog.length > 0 && (
            <section>
              <h3 className="mb-1.5 text-xs font-medium text-slate-500">
                {t('live.vehicle.io.analog_inputs')}
              </h3>
              <FieldList
                items={io.analog.map((input) => ({
                  label: t('live.vehicle.io.analog', { number: input.name.replace('adc', '') }),
                  value: `${format.number(input.value, 2)} V`,
                }))}
              />
            </section>
          )}
          {io.outputs.length > 0 && (
            <section>
              <h3 className="mb-1.5 text-xs font-medium text-slate-500">
                {t('live.vehicle.io.outputs')}
              </h3>
              <ul className="grid grid-cols-2 gap-1.5">
                {io.outputs.map((output) => (
                  <IoPill
                    key={output.number}
                    label={t('live.vehicle.io.output', { number: output.number })}
                    active={output.active}
                    testId={`io-output-${output.number}`}
                  />
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </DetailCard>
  )
}
