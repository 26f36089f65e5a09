import { Head, Link, router, usePage } from '@inertiajs/react'
import { Eye, History, Lock, MapPinned, Pencil, Terminal } from 'lucide-react'
import { useState } from 'react'
import type { LiveMessage } from '#tracking/live_channel'
import { AlarmList, MonthlyAlarmsCard } from '~/components/cards/alarm_cards'
import { isAlarmEvent } from '~/components/cards/alarm_text'
import { CommandDialog } from '~/components/cards/command_dialog'
import { CommandsCard } from '~/components/cards/commands_card'
import { ConnectionSetupCard } from '~/components/cards/connection_setup_card'
import { DriverCard } from '~/components/cards/driver_card'
import { FuelCard } from '~/components/cards/fuel_card'
import { FuelLogCard, type VehicleFuelLog } from '~/components/cards/fuel_log_card'
import { GeneralInfoCard } from '~/components/cards/general_info_card'
import { InputsOutputsCard } from '~/components/cards/io_card'
import { LiveIndicator } from '~/components/cards/live_indicator'
import { LiveTrafficCard } from '~/components/cards/live_traffic_card'
import { MaintenanceCard, type MaintenanceItem } from '~/components/cards/maintenance_card'
import { SensorsCard } from '~/components/cards/sensors_card'
import { StatusBadge } from '~/components/cards/status_badge'
import { SubscriptionCard } from '~/components/cards/subscription_card'
import { TechnicalCard } from '~/components/cards/technical_card'
import { TollsCard } from '~/components/cards/tolls_card'
import { ParkingsCard, TripsCard } from '~/components/cards/trip_cards'
import { DataQualityCard, OdometerCard } from '~/components/quality/vehicle_quality_cards'
import type { Preferences } from '~/components/map/types'
import { Button, buttonClasses } from '~/components/ui/button'
import { useLiveUpdates, useThrottledReload } from '~/hooks/use_live_updates'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useAction, useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'
import type { Data } from '~generated/data'

type Cards = Data.Live.VehicleDetail.Variants
type VehicleLive = Cards['forLive']

/** Generated from the transformers in app/transformers/live and app/transformers/fleet. */
type VehicleDetailProps = {
  preferences: Preferences
  canSendCommands: boolean
  vehicle: Data.Live.VehicleDetail
  /** The personal fields are absent for members without the HR right. */
  driver: Cards['forDriver'] | null
  technical: Cards['forTechnical']
  live: VehicleLive
  /** The last position by name (docs/geocoding.md). */
  place: string | null
  subscription: Cards['forSubscription'] | null
  recentAlarms: Data.Live.VehicleAlarm[]
  monthlyAlarms: Data.Live.MonthlyAlarms
  trips: Data.Live.VehicleTrip[]
  stops: Data.Live.VehicleStop[]
  fuelLog: VehicleFuelLog
  fuel: Cards['forFuel']
  sensors: Cards['forSensors']
  io: Cards['forInputsOutputs']
  commands: Data.Live.VehicleCommand[]
  maintenance: MaintenanceItem[]
  commandTemplates: Data.Settings.CommandTemplate[]
  connection: Data.Live.VehicleConnection
  odometer: Data.Fleet.VehicleOdometer
  dataQuality: Data.Fleet.VehicleDataQuality
}

function streetViewUrl(lat: number, lon: number) {
  return `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${lat},${lon}`
}

/** Applies a live message to what the live-traffic card shows. */
function nextLive(live: VehicleLive, message: LiveMessage): VehicleLive {
  if (message.type === 'status') {
    return message.online ? live : { ...live, status: 'offline', speed: 0 }
  }
  if (message.type !== 'position') return live
  return {
    ...live,
    lat: message.latitude ?? live.lat,
    lon: message.longitude ?? live.lon,
    speed: Math.round(message.speed),
    course: Math.round(message.course),
    status: message.online ? message.liveStatus : 'offline',
    ignition: message.ignition,
    fixTime: message.fixTime ?? live.fixTime,
    lastSeen: new Date().toISOString(),
    odometer: message.odometer,
  }
}

/** One vehicle: every card of spec §2, kept current over the live channel. */
export default function VehicleDetail(props: VehicleDetailProps) {
  const { t } = useI18n()
  const path = useRoute()
  const action = useAction()
  const { company } = usePage<SharedProps>().props
  const { vehicle, canSendCommands } = props
  const [live, setLive] = useState(props.live)
  const [commands, setCommands] = useState(props.commands)
  const [loaded, setLoaded] = useState({ live: props.live, commands: props.commands })
  const reload = useThrottledReload(2000)
  // The place's name follows the vehicle, at most twice a minute.
  const reloadPlace = useThrottledReload(30_000)

  // A reload brings fresh server values: they replace the live ones.
  if (loaded.live !== props.live || loaded.commands !== props.commands) {
    setLoaded({ live: props.live, commands: props.commands })
    setLive(props.live)
    setCommands(props.commands)
  }

  const connection = useLiveUpdates(
    company?.id,
    (message) => {
      if (message.deviceId !== vehicle.id) return
      if (message.type === 'position' || message.type === 'status') {
        setLive((current) => nextLive(current, message))
        if (message.type === 'position') reloadPlace(['place'])
      } else if (message.type === 'command') {
        setCommands((current) =>
          current.map((command) =>
            command.id === message.id
              ? {
                  ...command,
                  status: message.status,
                  response: message.response ?? command.response,
                }
              : command
          )
        )
        // An answered command changes the outputs too (DOUT1 drives the engine cut): the
        // engine state and the outputs card come from the same reload.
        reload(['commands', 'technical', 'io'])
      } else if (message.type === 'event' && isAlarmEvent(message.code, message.state)) {
        reload(['recentAlarms', 'monthlyAlarms'])
      }
    },
    { onReconnected: () => router.reload({ async: true, showProgress: false }) }
  )

  const label = vehicle.plate ?? vehicle.name
  const commandsPath = action('assets.commands', { id: vehicle.id })
  const noPermission = canSendCommands ? undefined : t('live.commands.no_permission')
  const position = live.lat !== null && live.lon !== null ? { lat: live.lat, lon: live.lon } : null

  return (
    <>
      <Head title={label} />
      <header className="mb-6 flex flex-col gap-4 2xl:flex-row 2xl:items-end 2xl:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1
              className="text-2xl font-semibold tracking-tight text-slate-900"
              data-testid="vehicle-title"
            >
              {label}
            </h1>
            <StatusBadge status={live.status} />
            <LiveIndicator connection={connection} />
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {vehicle.plate && vehicle.name !== vehicle.plate && `${vehicle.name} · `}
            IMEI <span className="font-mono">{props.technical.imei}</span>
          </p>
        </div>
        <nav className="flex flex-wrap items-center gap-2" aria-label={t('live.vehicle.actions')}>
          {canSendCommands ? (
            <>
              <CommandDialog
                vehicle={label}
                action={commandsPath}
                initialKind="custom"
                templates={props.commandTemplates}
                trigger={
                  <Button variant="outline" size="sm" data-testid="send-command">
                    <Terminal className="size-4" aria-hidden="true" />
                    {t('live.vehicle.send_command')}
                  </Button>
                }
              />
              <CommandDialog
                vehicle={label}
                action={commandsPath}
                initialKind="engine_block"
                trigger={
                  <Button variant="danger" size="sm" data-testid="engine-block">
                    <Lock className="size-4" aria-hidden="true" />
                    {t('live.vehicle.engine_block')}
                  </Button>
                }
              />
            </>
          ) : (
            <>
              {(
                [
                  [Terminal, 'send_command'],
                  [Lock, 'engine_block'],
                ] as const
              ).map(([Icon, command]) => (
                <Button
                  key={command}
                  variant="outline"
                  size="sm"
                  disabled
                  title={noPermission}
                  aria-describedby="no-permission"
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`live.vehicle.${command}`)}
                </Button>
              ))}
              <span id="no-permission" className="sr-only">
                {noPermission}
              </span>
            </>
          )}
          {position ? (
            <a
              href={streetViewUrl(position.lat, position.lon)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('outline', 'sm')}
              aria-label={t('live.vehicle.street_view_label')}
              data-testid="street-view"
            >
              <Eye className="size-4" aria-hidden="true" />
              {t('live.vehicle.street_view')}
            </a>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <Eye className="size-4" aria-hidden="true" />
              {t('live.vehicle.street_view')}
            </Button>
          )}
          {canSendCommands && (
            <Link
              href={`${path('settings.devices')}?edit=${vehicle.id}`}
              className={buttonClasses('outline', 'sm')}
              data-testid="update-info"
            >
              <Pencil className="size-4" aria-hidden="true" />
              {t('live.vehicle.update_info')}
            </Link>
          )}
          <Link
            href={`${path('history')}?deviceId=${vehicle.id}`}
            className={buttonClasses('outline', 'sm')}
          >
            <History className="size-4" aria-hidden="true" />
            {t('live.vehicle.history')}
          </Link>
          <RouteLink route="live" className={buttonClasses('secondary', 'sm')}>
            <MapPinned className="size-4" aria-hidden="true" />
            {t('live.vehicle.live_map')}
          </RouteLink>
        </nav>
      </header>

      <div className="gap-4 md:columns-2 2xl:columns-3 [&>*]:mb-4 [&>*]:break-inside-avoid">
        <LiveTrafficCard live={live} speedLimit={vehicle.speedLimit} place={props.place} />
        <GeneralInfoCard vehicle={vehicle} />
        <DriverCard driver={props.driver} />
        <TechnicalCard
          technical={{ ...props.technical, lastSeen: live.lastSeen ?? props.technical.lastSeen }}
        />
        <SubscriptionCard subscription={props.subscription} />
        <CommandsCard commands={commands} />
        <AlarmList alarms={props.recentAlarms} />
        <TripsCard trips={props.trips} />
        <ParkingsCard stops={props.stops} />
        <FuelCard fuel={props.fuel} />
        <MonthlyAlarmsCard monthly={props.monthlyAlarms} />
        <SensorsCard sensors={props.sensors} />
        <InputsOutputsCard io={props.io} />
        <MaintenanceCard items={props.maintenance} deviceId={Number(vehicle.id)} />
        <TollsCard />
        <FuelLogCard fuelLog={props.fuelLog} />
        <ConnectionSetupCard connection={props.connection} />
        <OdometerCard deviceId={Number(vehicle.id)} odometer={props.odometer} />
        <DataQualityCard quality={props.dataQuality} />
      </div>
    </>
  )
}
