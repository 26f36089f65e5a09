import { Cpu } from 'lucide-react'
import { DetailCard, FieldList } from '~/components/cards/detail_card'
import { RelativeTime } from '~/components/cards/relative_time'
import { SignalBars, useValue, volts } from '~/components/cards/vehicle_values'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function TechnicalCard({
  technical,
}: {
  technical: Data.Live.VehicleDetail.Variants['forTechnical']
}) {
  const { t } = useI18n()
  const format = useFormat()
  const value = useValue()
  return (
    <DetailCard title={t('live.vehicle.cards.technical')} icon={Cpu} testId="card-technical">
      <FieldList
        items={[
          {
            label: t('live.vehicle.technical.imei'),
            value: <span className="font-mono">{technical.imei}</span>,
          },
          {
            label: t('live.vehicle.technical.protocol'),
            value: technical.protocol ? format.protocol(technical.protocol) : null,
          },
          { label: t('live.vehicle.technical.protocol_version'), value: technical.protocolVersion },
          { label: t('live.vehicle.technical.firmware'), value: technical.firmwareVersion },
          { label: t('live.vehicle.technical.sim'), value: technical.simNumber },
          { label: t('live.vehicle.technical.ip_address'), value: technical.ipAddress },
          {
            label: t('live.vehicle.technical.gsm_signal'),
            value: technical.gsmSignal === null ? null : <SignalBars level={technical.gsmSignal} />,
          },
          { label: t('live.vehicle.technical.satellites'), value: technical.satellites },
          {
            label: t('live.vehicle.technical.vehicle_battery'),
            value: volts(technical.power, format),
          },
          {
            label: t('live.vehicle.technical.device_battery'),
            value:
              technical.battery === null && technical.batteryLevel === null
                ? null
                : [
                    volts(technical.battery, format),
                    technical.batteryLevel === null
                      ? null
                      : `${format.number(technical.batteryLevel)}%`,
                  ]
                    .filter(Boolean)
                    .join(' · '),
          },
          {
            label: t('live.vehicle.technical.odometer'),
            value: technical.odometer === null ? null : format.distance(technical.odometer),
          },
          {
            label: t('live.vehicle.technical.connection'),
            value: value(technical.online ? 'online' : 'offline'),
          },
          {
            label: t('live.vehicle.technical.last_seen'),
            value: technical.lastSeen ? <RelativeTime value={technical.lastSeen} /> : null,
          },
          {
            label: t('live.vehicle.technical.engine'),
            value:
              technical.engineBlocked === null
                ? null
                : value(technical.engineBlocked ? 'blocked' : 'not_blocked'),
            testId: 'engine-state',
          },
        ]}
      />
    </DetailCard>
  )
}
