import { clsx } from 'clsx'
import {
  Activity,
  BellRing,
  CalendarClock,
  Cpu,
  Fuel,
  Info,
  MapPinned,
  ParkingCircle,
  Receipt,
  Route as RouteIcon,
  Siren,
  SlidersHorizontal,
  Thermometer,
  UserRound,
  Wrench,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useAlarmText } from '~/components/cards/alarm_text'
import { DaysRemaining } from '~/components/cards/days_remaining'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import { RelativeTime } from '~/components/cards/relative_time'
import { StatusBadge } from '~/components/cards/status_badge'
import type {
  MonthlyAlarms,
  VehicleAlarm,
  VehicleDriver,
  VehicleFuel,
  VehicleGeneral,
  VehicleIo,
  VehicleLive,
  VehicleSensors,
  VehicleStop,
  VehicleSubscription,
  VehicleTechnical,
  VehicleTrip,
} from '~/components/cards/vehicle_types'
import { formatCoordinates, useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

function useValue() {
  const { t } = useI18n()
  return (value: string | null | undefined) => (value ? t(`live.vehicle.values.${value}`) : null)
}

function volts(value: number | null, format: ReturnType<typeof useFormat>) {
  return value === null ? null : `${format.number(value, 2)} V`
}

export function GeneralInfoCard({ vehicle }: { vehicle: VehicleGeneral }) {
  const { t } = useI18n()
  const format = useFormat()
  const value = useValue()
  const date = (iso: string | null) => (iso ? format.calendarDate(iso) : null)
  return (
    <DetailCard title={t('live.vehicle.cards.general')} icon={Info} testId="card-general">
      <FieldList
        hideEmpty
        items={[
          { label: t('live.vehicle.general.plate'), value: vehicle.plate },
          { label: t('live.vehicle.general.name'), value: vehicle.name },
          {
            label: t('live.vehicle.general.brand_model'),
            value: [vehicle.brand, vehicle.model].filter(Boolean).join(' ') || null,
          },
          { label: t('live.vehicle.general.year'), value: vehicle.year },
          {
            label: t('live.vehicle.general.type'),
            value: [vehicle.type, vehicle.subtype].filter(Boolean).join(' / ') || null,
          },
          { label: t('live.vehicle.general.category'), value: vehicle.category },
          { label: t('live.vehicle.general.fuel_type'), value: value(vehicle.fuelType) },
          {
            label: t('live.vehicle.general.engine_capacity'),
            value:
              vehicle.engineCapacity === null
                ? null
                : `${format.number(vehicle.engineCapacity)} cc`,
          },
          {
            label: t('live.vehicle.general.tank_capacity'),
            value:
              vehicle.tankCapacity === null ? null : `${format.number(vehicle.tankCapacity)} L`,
          },
          { label: t('live.vehicle.general.group'), value: vehicle.group },
          { label: t('live.vehicle.general.region'), value: vehicle.region },
          { label: t('live.vehicle.general.department'), value: vehicle.department },
          { label: t('live.vehicle.general.ownership'), value: value(vehicle.ownership) },
          { label: t('live.vehicle.general.status'), value: value(vehicle.status) },
          { label: t('live.vehicle.general.inspection_date'), value: date(vehicle.inspectionDate) },
          { label: t('live.vehicle.general.exhaust_date'), value: date(vehicle.exhaustDate) },
          {
            label: t('live.vehicle.general.speed_limit'),
            value: vehicle.speedLimit === null ? null : format.speed(vehicle.speedLimit),
          },
          { label: t('live.vehicle.general.notes'), value: vehicle.notes },
        ]}
      />
    </DetailCard>
  )
}

export function DriverCard({ driver }: { driver: VehicleDriver | null }) {
  const { t } = useI18n()
  const value = useValue()
  return (
    <DetailCard title={t('live.vehicle.cards.driver')} icon={UserRound} testId="card-driver">
      {driver ? (
        <>
          <div className="mb-2 flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
              {driver.name
                .split(/\s+/)
                .map((part) => part[0])
                .slice(0, 2)
                .join('')
                .toLocaleUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{driver.name}</p>
              <p className="text-xs text-slate-500">{value(driver.status)}</p>
            </div>
          </div>
          <FieldList
            items={[
              {
                label: t('live.vehicle.driver.phone'),
                value: driver.phone ? (
                  <a href={`tel:${driver.phone}`} className="text-brand-700 hover:underline">
                    {driver.phone}
                  </a>
                ) : null,
              },
              { label: t('live.vehicle.driver.licence_number'), value: driver.licenceNumber },
              { label: t('live.vehicle.driver.card_id'), value: driver.cardId },
              { label: t('live.vehicle.driver.blood_type'), value: driver.bloodType },
              {
                label: t('live.vehicle.driver.emergency_contact'),
                value:
                  [driver.emergencyContactName, driver.emergencyContactPhone]
                    .filter(Boolean)
                    .join(' · ') || null,
              },
            ]}
          />
        </>
      ) : (
        <CardEmpty icon={UserRound} message={t('live.vehicle.driver.none')} />
      )}
    </DetailCard>
  )
}

export function TechnicalCard({ technical }: { technical: VehicleTechnical }) {
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

function SignalBars({ level }: { level: number }) {
  const bars = Math.max(0, Math.min(5, Math.round(level)))
  return (
    <span className="inline-flex items-end gap-0.5" aria-label={`${bars}/5`} role="img">
      {[1, 2, 3, 4, 5].map((bar) => (
        <span
          key={bar}
          className={clsx('w-1 rounded-sm', bar <= bars ? 'bg-brand-600' : 'bg-slate-200')}
          style={{ height: 3 + bar * 2 }}
        />
      ))}
    </span>
  )
}

export function MaintenanceCard() {
  const { t } = useI18n()
  return (
    <DetailCard title={t('live.vehicle.cards.maintenance')} icon={Wrench} testId="card-maintenance">
      <CardEmpty icon={Wrench} message={t('live.empty.maintenance')} />
    </DetailCard>
  )
}

export function SubscriptionCard({ subscription }: { subscription: VehicleSubscription | null }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.subscription')}
      icon={CalendarClock}
      testId="card-subscription"
      action={subscription ? <DaysRemaining days={subscription.daysRemaining} /> : undefined}
    >
      {subscription ? (
        <FieldList
          items={[
            {
              label: t('live.vehicle.subscription.end_date'),
              value: format.calendarDate(subscription.endDate),
            },
            {
              label: t('live.vehicle.subscription.status'),
              value: t(
                subscription.daysRemaining < 0
                  ? 'live.vehicle.subscription.ended'
                  : subscription.daysRemaining <= 30
                    ? 'live.vehicle.subscription.ending'
                    : 'live.vehicle.subscription.active'
              ),
            },
            {
              label: t('live.vehicle.subscription.installation_date'),
              value: subscription.installationDate
                ? format.calendarDate(subscription.installationDate)
                : null,
            },
          ]}
        />
      ) : (
        <CardEmpty icon={CalendarClock} message={t('live.empty.subscription')} />
      )}
    </DetailCard>
  )
}

export function AlarmList({ alarms }: { alarms: VehicleAlarm[] }) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  return (
    <DetailCard
      title={t('live.vehicle.cards.recent_alarms')}
      icon={BellRing}
      testId="card-recent-alarms"
      bodyClassName="px-0 py-0"
    >
      {alarms.length === 0 ? (
        <CardEmpty icon={BellRing} message={t('common.empty.noItems')} />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {alarms.map((alarm) => (
            <li key={alarm.id} className="flex items-center justify-between gap-3 px-4 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <span className="rounded bg-red-50 px-1.5 py-0.5 font-mono text-[11px] text-red-700">
                  {alarm.code}
                </span>
                <span className="truncate text-slate-800">
                  {alarmText(alarm.code, alarm.state)}
                </span>
              </span>
              <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                {format.dateTime(alarm.time)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}

export function TripsCard({ trips }: { trips: VehicleTrip[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.trips')}
      icon={RouteIcon}
      testId="card-trips"
      bodyClassName="px-0 py-0"
    >
      {trips.length === 0 ? (
        <CardEmpty icon={RouteIcon} message={t('live.vehicle.trips.none')} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {trips.map((trip) => (
            <li key={trip.id} className="px-4 py-2.5 text-sm" data-testid="trip-item">
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-900 tabular-nums">
                  {format.dateTime(trip.startTime)} → {format.time(trip.endTime)}
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {format.distance(trip.distance)}
                </span>
              </div>
              <p className="mt-0.5 text-xs text-slate-500">
                {format.duration(trip.duration)} · {t('live.fields.max_speed')}{' '}
                {format.speed(trip.maxSpeed)} · {t('live.fields.average_speed')}{' '}
                {format.speed(trip.averageSpeed)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}

export function ParkingsCard({ stops }: { stops: VehicleStop[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.parkings')}
      icon={ParkingCircle}
      testId="card-parkings"
      bodyClassName="px-0 py-0"
    >
      {stops.length === 0 ? (
        <CardEmpty icon={ParkingCircle} message={t('live.vehicle.parkings.none')} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {stops.map((stop) => (
            <li key={stop.id} className="px-4 py-2.5 text-sm" data-testid="parking-item">
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-900 tabular-nums">
                  {format.dateTime(stop.startTime)} → {format.time(stop.endTime)}
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {format.duration(stop.duration)}
                </span>
              </div>
              <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                {formatCoordinates(stop.lat, stop.lon)}
                {stop.engineOnDuration > 0 &&
                  ` · ${t('live.fields.engine_on')} ${format.duration(stop.engineOnDuration)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}

/** Speed, heading and status as the vehicle reports them, updated live. */
export function LiveTrafficCard({
  live,
  speedLimit,
}: {
  live: VehicleLive
  speedLimit: number | null
}) {
  const { t } = useI18n()
  const format = useFormat()
  const over = speedLimit !== null && live.speed > speedLimit
  return (
    <DetailCard
      title={t('live.vehicle.cards.live_traffic')}
      icon={Activity}
      testId="card-live-traffic"
      action={<StatusBadge status={live.status} />}
    >
      {live.lat === null || live.lon === null ? (
        <CardEmpty icon={MapPinned} message={t('live.vehicle.live.waiting')} />
      ) : (
        <div className="space-y-3">
          <div className="flex items-center gap-4">
            <div className="relative flex size-20 shrink-0 items-center justify-center rounded-full border-4 border-slate-100">
              <svg
                viewBox="0 0 24 24"
                className="size-9 text-brand-600 transition-transform duration-500"
                style={{ transform: `rotate(${live.course}deg)` }}
                aria-hidden="true"
              >
                <path d="M12 2 19 21 12 17 5 21Z" fill="currentColor" />
              </svg>
              <span className="absolute -top-1 text-[10px] font-semibold text-slate-400">
                {format.compass(0)}
              </span>
            </div>
            <div>
              <p
                className={clsx(
                  'text-3xl font-semibold tabular-nums',
                  over ? 'text-red-600' : 'text-slate-900'
                )}
                data-testid="live-speed"
              >
                {format.speed(live.speed)}
              </p>
              <p className="text-sm text-slate-500">
                {t('live.fields.heading')}: {format.compass(live.course)} ({live.course}°)
              </p>
            </div>
          </div>
          <FieldList
            items={[
              {
                label: t('live.fields.ignition'),
                value:
                  live.ignition === null
                    ? null
                    : t(live.ignition ? 'live.fields.ignition_on' : 'live.fields.ignition_off'),
              },
              {
                label: t('live.fields.last_fix'),
                value: live.fixTime ? <RelativeTime value={live.fixTime} /> : null,
              },
              {
                label: t('live.fields.coordinates'),
                value: (
                  <span className="tabular-nums" data-testid="live-coordinates">
                    {formatCoordinates(live.lat, live.lon)}
                  </span>
                ),
              },
              {
                label: t('live.fields.altitude'),
                value: live.altitude === null ? null : `${format.number(live.altitude)} m`,
              },
            ]}
          />
        </div>
      )}
    </DetailCard>
  )
}

export function FuelCard({ fuel }: { fuel: VehicleFuel }) {
  const { t } = useI18n()
  const format = useFormat()
  const measured = fuel.level !== null || fuel.levelPercent !== null || fuel.usedTotal !== null
  const configured = fuel.averageConsumption !== null || fuel.idleConsumption !== null
  const percent =
    fuel.levelPercent ??
    (fuel.level !== null && fuel.tankCapacity ? (fuel.level / fuel.tankCapacity) * 100 : null)
  return (
    <DetailCard title={t('live.vehicle.cards.fuel')} icon={Fuel} testId="card-fuel">
      {!measured && !configured ? (
        <CardEmpty icon={Fuel} message={t('live.vehicle.fuel.no_data')} />
      ) : (
        <div className="space-y-3">
          {percent !== null && (
            <div>
              <div className="mb-1 flex justify-between text-sm">
                <span className="text-slate-500">{t('live.vehicle.fuel.level')}</span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {fuel.level !== null && `${format.number(fuel.level, 1)} L · `}
                  {format.number(percent)}%
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={clsx(
                    'h-full rounded-full',
                    percent < 15 ? 'bg-red-500' : 'bg-brand-600'
                  )}
                  style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
                />
              </div>
            </div>
          )}
          <FieldList
            items={[
              ...(percent === null && fuel.level !== null
                ? [
                    {
                      label: t('live.vehicle.fuel.level'),
                      value: `${format.number(fuel.level, 1)} L`,
                    },
                  ]
                : []),
              {
                label: t('live.vehicle.fuel.used_total'),
                value: fuel.usedTotal === null ? null : `${format.number(fuel.usedTotal, 1)} L`,
              },
              {
                label: t('live.vehicle.fuel.average_consumption'),
                value:
                  fuel.averageConsumption === null
                    ? null
                    : `${format.number(fuel.averageConsumption, 1)} L/100 km`,
              },
              {
                label: t('live.vehicle.fuel.idle_consumption'),
                value:
                  fuel.idleConsumption === null
                    ? null
                    : `${format.number(fuel.idleConsumption, 1)} L/h`,
              },
              {
                label: t('live.vehicle.fuel.month_distance'),
                value: format.distance(fuel.monthDistance),
              },
              {
                label: t('live.vehicle.fuel.month_idle'),
                value: format.duration(fuel.monthIdleSeconds),
              },
              {
                label: t('live.vehicle.fuel.month_estimate'),
                value:
                  fuel.monthEstimate === null ? null : `${format.number(fuel.monthEstimate, 1)} L`,
              },
            ]}
          />
          {fuel.monthEstimate !== null && (
            <p className="text-xs text-slate-500">{t('live.vehicle.fuel.estimate_hint')}</p>
          )}
        </div>
      )}
    </DetailCard>
  )
}

export function MonthlyAlarmsCard({ monthly }: { monthly: MonthlyAlarms }) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  const total = monthly.codes.reduce((sum, item) => sum + item.count, 0)
  const most = Math.max(1, ...monthly.codes.map((item) => item.count))
  return (
    <DetailCard
      title={t('live.vehicle.cards.monthly_alarms')}
      icon={Siren}
      testId="card-monthly-alarms"
    >
      {monthly.codes.length === 0 ? (
        <CardEmpty icon={Siren} message={t('live.vehicle.monthly_alarms.none')} />
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500">
            {t('live.vehicle.monthly_alarms.total', {
              count: total,
              date: format.calendarDate(monthly.month),
            })}
          </p>
          <ul className="space-y-2 text-sm">
            {monthly.codes.map((item) => (
              <li key={item.code}>
                <div className="flex justify-between gap-3">
                  <span className="truncate text-slate-800">{alarmText(item.code, null)}</span>
                  <span className="font-semibold text-slate-900 tabular-nums">{item.count}</span>
                </div>
                <div
                  className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
                  aria-hidden="true"
                >
                  <div
                    className="h-full rounded-full bg-red-400"
                    style={{ width: `${(item.count / most) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </DetailCard>
  )
}

export function TollsCard() {
  const { t } = useI18n()
  return (
    <DetailCard title={t('live.vehicle.cards.tolls')} icon={Receipt} testId="card-tolls">
      <CardEmpty icon={Receipt} message={t('live.empty.tolls')} />
    </DetailCard>
  )
}

export function SensorsCard({ sensors }: { sensors: VehicleSensors }) {
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

export function InputsOutputsCard({ io }: { io: VehicleIo }) {
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
