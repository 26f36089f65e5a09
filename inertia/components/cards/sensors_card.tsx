import { Thermometer } from 'lucide-react'
import type { ReactNode } from 'react'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import { SignalBars, volts } from '~/components/cards/vehicle_values'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function SensorsCard({
  sensors,
}: {
  sensors: Data.Live.VehicleDetail.Variants['forSensors']
}) {
  const { t } = useI18n()
  const format = useFormat()
  const items: { label: string; value: ReactNode }[] = [
    ...sensors.temperatures.map((reading) => ({
      label: t('live.vehicle.sensors.temperature', { sensor: reading.sensor }),
      value: `${format.number(reading.value, 1)} °C`,
    })),
    ...(sensors.power === null
      ? []
      : [
          { label: t('live.vehicle.sensors.vehicle_battery'), value: volts(sensors.power, format) },
        ]),
    ...(sensors.battery === null
      ? []
      : [
          {
            label: t('live.vehicle.sensors.device_battery'),
            value: volts(sensors.battery, format),
          },
        ]),
    ...(sensors.batteryLevel === null
      ? []
      : [
          {
            label: t('live.vehicle.sensors.battery_level'),
            value: `${format.number(sensors.batteryLevel)}%`,
          },
        ]),
    ...(sensors.rssi === null
      ? []
      : [{ label: t('live.vehicle.sensors.signal'), value: <SignalBars level={sensors.rssi} /> }]),
    ...(sensors.fuelLevel === null && sensors.fuel === null
      ? []
      : [
          {
            label: t('live.vehicle.sensors.fuel'),
            value:
              sensors.fuelLevel !== null
                ? `${format.number(sensors.fuelLevel)}%`
                : `${format.number(sensors.fuel!, 1)} L`,
          },
        ]),
    ...(sensors.driverCard === null
      ? []
      : [{ label: t('live.vehicle.sensors.driver_card'), value: sensors.driverCard }]),
  ]
  return (
    <DetailCard title={t('live.vehicle.cards.sensors')} icon={Thermometer} testId="card-sensors">
      {items.length === 0 ? (
        <CardEmpty icon={Thermometer} message={t('live.vehicle.sensors.none')} />
      ) : (
        <>
          <FieldList items={items} />
          {sensors.updatedAt && (
            <p className="mt-2 text-xs text-slate-500">
              {t('live.vehicle.sensors.updated', { time: format.dateTime(sensors.updatedAt) })}
            </p>
          )}
        </>
      )}
    </DetailCard>
  )
}
