import { clsx } from 'clsx'
import { Head, router } from '@inertiajs/react'
import {
  AlertTriangle,
  BellRing,
  Download,
  Gauge,
  History as HistoryIcon,
  ParkingCircle,
  Pause,
  Play,
  Route as RouteIcon,
  RotateCcw,
  Search,
  Timer,
} from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { SpeedChart } from '~/components/charts/speed_chart'
import { useAlarmText } from '~/components/cards/alarm_text'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { StatCard } from '~/components/cards/stat_card'
import { EmptyState } from '~/components/empty_state'
import { HistoryMap } from '~/components/map/history_map'
import { playbackSpeeds, positionAtTime, type PlaybackSpeed } from '~/components/map/playback'
import { speedBands } from '~/components/map/speed_bands'
import type {
  HistoryAlarm,
  HistoryStop,
  HistoryTrip,
  MapSettings,
  Preferences,
  TrackPoint,
} from '~/components/map/types'
import { PeriodPicker, type PeriodPreset } from '~/components/form/period_picker'
import { PageHeader } from '~/components/page_header'
import { Button } from '~/components/ui/button'
import { Dropdown, DropdownContent, DropdownItem, DropdownTrigger } from '~/components/ui/dropdown'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type HistoryProps = {
  preferences: Preferences
  map: MapSettings
  limits: { maxDays: number; maxPoints: number }
  vehicles: { id: number; name: string; plate: string | null; imei: string }[]
  selection: {
    deviceId: number | null
    from: string
    to: string
    error: 'invalid' | 'inverted' | 'too_long' | 'expired' | null
  }
  history: {
    points: TrackPoint[]
    truncated: boolean
    trips: HistoryTrip[]
    stops: HistoryStop[]
    alarms: HistoryAlarm[]
    summary: {
      points: number
      distance: number
      drivingSeconds: number
      maxSpeed: number
      trips: number
    }
  } | null
}

const NO_POINTS: TrackPoint[] = []

/** Trip history of one vehicle: track by speed, playback, speed chart, trips, parkings, alarms. */
export default function HistoryPage({ map, limits, vehicles, selection, history }: HistoryProps) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const alarmText = useAlarmText()

  const [deviceId, setDeviceId] = useState(selection.deviceId ? String(selection.deviceId) : '')
  const [from, setFrom] = useState(selection.from)
  const [to, setTo] = useState(selection.to)
  const [preset, setPreset] = useState<PeriodPreset | null>(null)

  const points = history?.points ?? NO_POINTS
  const start = points[0]?.[0] ?? 0
  const end = points[points.length - 1]?.[0] ?? 0
  const [time, setTimeState] = useState(start)
  // The playback loop reads the time between renders.
  const timeRef = useRef(start)
  useEffect(() => {
    timeRef.current = time
  }, [time])
  const setTime = useCallback((next: number) => {
    timeRef.current = next
    setTimeState(next)
  }, [])
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<PlaybackSpeed>(16)
  const [hoverTime, setHoverTime] = useState<number | null>(null)
  const [focus, setFocus] = useState<{
    bounds: [[number, number], [number, number]]
    request: number
  } | null>(null)

  // A new track starts its playback from the beginning.
  const [shownPoints, setShownPoints] = useState(points)
  if (shownPoints !== points) {
    setShownPoints(points)
    setTimeState(start)
    setPlaying(false)
    setHoverTime(null)
  }

  useEffect(() => {
    if (!playing) return
    let frame = 0
    let last = performance.now()
    const tick = (now: number) => {
      const next = Math.min(end, timeRef.current + (now - last) * speed)
      last = now
      setTime(next)
      if (next >= end) setPlaying(false)
      else frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [playing, speed, end, setTime])

  const cursorTime = hoverTime ?? (points.length > 0 ? time : null)
  const cursor = useMemo(
    () => (cursorTime === null ? null : positionAtTime(points, cursorTime)),
    [points, cursorTime]
  )

  const seek = useCallback(
    (target: number) => {
      setHoverTime(null)
      setTime(Math.max(start, Math.min(end, target)))
    },
    [start, end, setTime]
  )

  const fitTo = (positions: [number, number][]) => {
    if (positions.length === 0) return
    const lats = positions.map((position) => position[0])
    const lons = positions.map((position) => position[1])
    setFocus((current) => ({
      bounds: [
        [Math.min(...lats), Math.min(...lons)],
        [Math.max(...lats), Math.max(...lons)],
      ],
      request: (current?.request ?? 0) + 1,
    }))
  }

  const showTrip = (trip: HistoryTrip) => {
    const tripStart = new Date(trip.startTime).getTime()
    const tripEnd = new Date(trip.endTime).getTime()
    const inside = points.filter((point) => point[0] >= tripStart && point[0] <= tripEnd)
    fitTo(
      inside.length > 0
        ? inside.map((point) => [point[1], point[2]])
        : [
            [trip.start.lat, trip.start.lon],
            [trip.end.lat, trip.end.lon],
          ]
    )
    seek(tripStart)
  }

  const mapLabels = useMemo(
    () => ({
      start: t('live.fields.start'),
      end: t('live.fields.end'),
      stop: (stop: HistoryStop) =>
        `${format.dateTime(stop.startTime)} · ${format.duration(stop.duration)}`,
      alarm: (alarm: HistoryAlarm) =>
        `${format.dateTime(alarm.time)} · ${alarmText(alarm.code, alarm.state)}`,
    }),
    // The formatters depend on the language and preferences only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t]
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.get(path('history'), { deviceId: deviceId || undefined, from, to })
  }

  const selectedVehicle = vehicles.find((vehicle) => vehicle.id === selection.deviceId)
  const exportQuery = new URLSearchParams({
    deviceId: String(selection.deviceId ?? ''),
    from: selection.from,
    to: selection.to,
  }).toString()
  const exportHref = (kind: 'gpx' | 'kml' | 'csv') =>
    `${path('history')}/export.${kind}?${exportQuery}`

  const current = cursor ?? null

  return (
    <>
      <Head title={t('common.routes.history')} />
      <PageHeader
        description={
          selectedVehicle
            ? `${selectedVehicle.plate ?? selectedVehicle.name} · IMEI ${selectedVehicle.imei}`
            : undefined
        }
        actions={
          history && (
            <Dropdown>
              <DropdownTrigger asChild>
                <Button variant="outline" size="sm" data-testid="export-menu">
                  <Download className="size-4" aria-hidden="true" />
                  {t('live.history.export')}
                </Button>
              </DropdownTrigger>
              <DropdownContent>
                {(['gpx', 'kml', 'csv'] as const).map((kind) => (
                  <DropdownItem key={kind} asChild>
                    <a href={exportHref(kind)} download data-testid={`export-${kind}`}>
                      {t(`live.history.export_${kind}`)}
                    </a>
                  </DropdownItem>
                ))}
              </DropdownContent>
            </Dropdown>
          )
        }
      />

      <form
        onSubmit={submit}
        className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:flex-row lg:items-end"
        data-testid="history-form"
      >
        <label className="block min-w-0 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">{t('live.history.vehicle')}</span>
          <select
            name="deviceId"
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
            data-testid="history-vehicle"
          >
            <option value="">{t('live.history.choose_vehicle')}</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.plate ? `${vehicle.plate} · ${vehicle.name}` : vehicle.name}
              </option>
            ))}
          </select>
        </label>
        <div className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">
            {t('report_pages.picker.label')}
          </span>
          <PeriodPicker
            value={{ preset, from, to }}
            onChange={(range) => {
              setPreset(range.preset ?? null)
              setFrom(range.from)
              setTo(range.to)
            }}
            withTime
            testId="history-period"
          />
        </div>
        <Button type="submit" data-testid="history-submit">
          <Search className="size-4" aria-hidden="true" />
          {t('live.history.show')}
        </Button>
      </form>

      {selection.error && (
        <p
          role="alert"
          className="mb-4 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          data-testid="history-error"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {t(`live.history.errors.${selection.error}`, { days: limits.maxDays })}
        </p>
      )}

      {!history ? (
        !selection.error && (
          <EmptyState
            icon={HistoryIcon}
            title={t('live.history.choose_vehicle')}
            description={t('live.history.choose_vehicle_hint')}
          />
        )
      ) : (
        <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-4">
            {history.truncated && (
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
                data-testid="history-truncated"
              >
                <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
                {t('live.history.truncated', { count: format.number(limits.maxPoints) })}
              </p>
            )}
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <section
                className="relative isolate z-0 h-[26rem] lg:h-[30rem]"
                aria-label={t('live.history.map_label')}
                data-testid="history-map"
              >
                <HistoryMap
                  settings={map}
                  layer={map.defaultLayer}
                  points={points}
                  stops={history.stops}
                  alarms={history.alarms}
                  cursor={cursor}
                  focus={focus}
                  labels={mapLabels}
                  onSeek={seek}
                />
                {points.length === 0 && (
                  <p className="absolute inset-x-0 top-4 z-[1000] mx-auto w-fit rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-600 shadow">
                    {t('live.history.no_positions')}
                  </p>
                )}
                <SpeedLegend />
              </section>
              {points.length > 1 && (
                <div
                  className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-3 py-2"
                  role="group"
                  aria-label={t('live.history.playback.label')}
                >
                  <Button
                    size="icon"
                    onClick={() => {
                      if (!playing && time >= end) setTime(start)
                      setPlaying((value) => !value)
                    }}
                    aria-label={t(
                      playing ? 'live.history.playback.pause' : 'live.history.playback.play'
                    )}
                    data-testid="playback-toggle"
                    data-playing={playing}
                  >
                    {playing ? (
                      <Pause className="size-4" aria-hidden="true" />
                    ) : (
                      <Play className="size-4" aria-hidden="true" />
                    )}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => seek(start)}
                    aria-label={t('live.history.playback.restart')}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                  </Button>
                  <label className="flex items-center gap-1.5 text-xs text-slate-600">
                    <span className="sr-only">{t('live.history.playback.speed')}</span>
                    <select
                      value={speed}
                      onChange={(event) => setSpeed(Number(event.target.value) as PlaybackSpeed)}
                      className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs font-medium"
                      data-testid="playback-speed"
                    >
                      {playbackSpeeds.map((value) => (
                        <option key={value} value={value}>
                          {value}×
                        </option>
                      ))}
                    </select>
                  </label>
                  <input
                    type="range"
                    min={start}
                    max={end}
                    step={1000}
                    value={Math.round(time)}
                    onChange={(event) => seek(Number(event.target.value))}
                    aria-label={t('live.history.playback.position')}
                    aria-valuetext={format.dateTime(time, true)}
                    className="min-w-40 flex-1 accent-brand-600"
                    data-testid="playback-scrubber"
                  />
                  <span
                    className="w-40 text-right text-xs text-slate-600 tabular-nums"
                    data-testid="playback-readout"
                  >
                    {current && (
                      <>
                        {format.time(current.time, true)} ·{' '}
                        <b className="text-slate-900">{format.speed(current.speed)}</b>
                      </>
                    )}
                  </span>
                </div>
              )}
            </div>
            {points.length > 1 && (
              <DetailCard title={t('live.history.speed_chart')} icon={Gauge}>
                <SpeedChart
                  points={points}
                  cursorTime={cursorTime}
                  onHover={setHoverTime}
                  onSeek={seek}
                  label={t('live.history.speed_chart_label')}
                />
              </DetailCard>
            )}
          </div>

          <aside className="space-y-4">
            <div className="grid grid-cols-2 gap-3">
              <StatCard
                compact
                label={t('live.history.summary.distance')}
                value={format.distance(history.summary.distance)}
                icon={RouteIcon}
                testId="summary-distance"
              />
              <StatCard
                compact
                label={t('live.history.summary.driving')}
                value={format.duration(history.summary.drivingSeconds)}
                icon={Timer}
              />
              <StatCard
                compact
                label={t('live.history.summary.max_speed')}
                value={format.speed(history.summary.maxSpeed)}
                icon={Gauge}
              />
              <StatCard
                compact
                label={t('live.history.summary.points')}
                value={format.number(history.summary.points)}
                icon={HistoryIcon}
                testId="summary-points"
              />
            </div>

            <DetailCard
              title={`${t('live.history.trips')} (${history.trips.length})`}
              icon={RouteIcon}
              bodyClassName="px-0 py-0"
              testId="history-trips"
            >
              {history.trips.length === 0 ? (
                <CardEmpty message={t('live.history.no_trips')} />
              ) : (
                <ol className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
                  {history.trips.map((trip, index) => (
                    <li key={trip.id}>
                      <button
                        type="button"
                        onClick={() => showTrip(trip)}
                        className="w-full cursor-pointer px-4 py-2.5 text-left text-sm hover:bg-slate-50"
                        data-testid="history-trip"
                      >
                        <span className="flex justify-between gap-2">
                          <span className="font-medium text-slate-900">
                            {t('live.history.trip', { number: index + 1 })}
                          </span>
                          <span className="font-semibold text-slate-900 tabular-nums">
                            {format.distance(trip.distance)}
                          </span>
                        </span>
                        <span className="mt-0.5 block text-xs text-slate-500 tabular-nums">
                          {format.dateTime(trip.startTime)} → {format.time(trip.endTime)} ·{' '}
                          {format.duration(trip.duration)} · {t('live.fields.max_speed')}{' '}
                          {format.speed(trip.maxSpeed)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ol>
              )}
            </DetailCard>

            <DetailCard
              title={`${t('live.history.stops')} (${history.stops.length})`}
              icon={ParkingCircle}
              bodyClassName="px-0 py-0"
            >
              {history.stops.length === 0 ? (
                <CardEmpty message={t('live.history.no_stops')} />
              ) : (
                <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
                  {history.stops.map((stop) => (
                    <li key={stop.id}>
                      <button
                        type="button"
                        onClick={() => {
                          fitTo([[stop.lat, stop.lon]])
                          seek(new Date(stop.startTime).getTime())
                        }}
                        className="w-full cursor-pointer px-4 py-2 text-left text-sm hover:bg-slate-50"
                      >
                        <span className="flex justify-between gap-2">
                          <span className="text-slate-800 tabular-nums">
                            {format.dateTime(stop.startTime)}
                          </span>
                          <span className="font-medium text-slate-900">
                            {format.duration(stop.duration)}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </DetailCard>

            <DetailCard
              title={`${t('live.history.alarms')} (${history.alarms.length})`}
              icon={BellRing}
              bodyClassName="px-0 py-0"
            >
              {history.alarms.length === 0 ? (
                <CardEmpty message={t('live.history.no_alarms')} />
              ) : (
                <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
                  {history.alarms.map((alarm) => (
                    <li key={alarm.id}>
                      <button
                        type="button"
                        onClick={() => {
                          if (alarm.lat !== null && alarm.lon !== null)
                            fitTo([[alarm.lat, alarm.lon]])
                          seek(new Date(alarm.time).getTime())
                        }}
                        className="w-full cursor-pointer px-4 py-2 text-left text-sm hover:bg-slate-50"
                      >
                        <span className="flex justify-between gap-2">
                          <span className="truncate text-slate-800">
                            {alarmText(alarm.code, alarm.state)}
                          </span>
                          <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                            {format.time(alarm.time)}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </DetailCard>
          </aside>
        </div>
      )}
    </>
  )
}

function SpeedLegend() {
  const { t } = useI18n()
  return (
    <div
      className="absolute bottom-2 left-2 z-[1000] rounded-lg border border-slate-200 bg-white/95 px-2 py-1.5 text-[11px] shadow-sm"
      aria-label={t('live.history.legend')}
    >
      <ul className="flex items-center gap-2">
        {speedBands.map((band) => (
          <li key={band.min} className={clsx('flex items-center gap-1 text-slate-600')}>
            <span
              className="h-1 w-3 rounded-full"
              style={{ background: band.color }}
              aria-hidden="true"
            />
            {Number.isFinite(band.max) ? `${band.min}–${band.max}` : `${band.min}+`}
          </li>
        ))}
      </ul>
    </div>
  )
}
