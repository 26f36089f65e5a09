import { PlugZap } from 'lucide-react'
import { DetailCard, FieldList } from '~/components/cards/detail_card'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

/** How to point the vehicle's tracker at this server, from its protocol family's definition. */
export function ConnectionSetupCard({ connection }: { connection: Data.Live.VehicleConnection }) {
  const { t } = useI18n()
  const { setup } = connection
  return (
    <DetailCard title={t('live.vehicle.cards.setup')} icon={PlugZap} testId="card-setup">
      <FieldList
        items={[
          { label: t('live.vehicle.setup.protocol'), value: connection.protocolName },
          {
            label: t('live.vehicle.setup.server'),
            value: <span className="font-mono">{connection.host}</span>,
          },
          {
            label: t('live.vehicle.setup.port', { transport: connection.transport }),
            value: <span className="font-mono">{connection.port}</span>,
            testId: 'setup-port',
          },
        ]}
      />
      <p className="mt-3 text-sm text-slate-600">
        {t(setup.kind === 'app' ? 'live.vehicle.setup.app' : 'live.vehicle.setup.sms')}
      </p>
      <ol className="mt-2 space-y-1" data-testid="setup-lines">
        {setup.lines.map((line) => (
          <li key={line}>
            <code className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs whitespace-pre-wrap text-slate-800">
              {line}
            </code>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs text-slate-500">
        {t(`live.vehicle.setup.hints.${connection.protocol}`)}
        {setup.kind === 'sms' ? ` ${t('live.vehicle.setup.apn')}` : ''}
      </p>
    </DetailCard>
  )
}
