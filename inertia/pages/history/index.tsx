import { Head } from '@inertiajs/react'
import { useEffect } from 'react'
import { positionAtTime } from '~/components/map/playback'
import { Gauge, History as HistoryIcon } from 'lucide-react'
import { DetailCard } from '~/components/cards/detail_card'
import { SpeedChart } from '~/components/charts/speed_chart'
import { EmptyState } from '~/components/empty_state'
import { AlarmEventList, StopList } from '~/components/history/event_lists'
import { HistoryExportMenu } from '~/components/history/export_menu'
import { HistoryForm } from '~/components/history/history_form'
import { HistoryError, TruncatedNotice } from '~/components/history/history_notices'
import { HistorySummary } from '~/components/history/history_summary'
import { tripPositions, useMapFocus } from '~/components/history/map_focus'
import { TrackPanel } from '~/components/history/track_panel'
import { TripList } from '~/components/history/trip_list'
import type { HistorySelection, HistoryVehicle } from '~/components/history/types'
import { usePlayback } from '~/components/history/use_playback'
import type { MapSettings, Preferences, TrackPoint } from '~/components/map/types'
import { PageHeader } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'
import type { Data } from '~generated/data'

type Props = {
  preferences: Preferences
  map: MapSettings
  limits: { maxDays: number; maxPoints: number }
  vehicles: HistoryVehicle[]
  selection: HistorySelection
  /** Generated from app/transformers/live/history_transformer.ts. */
  history: Data.Live.History | null
}

const NO_POINTS: TrackPoint[] = []

/** Trip history of one vehicle: track by speed, playback, speed chart, trips, parkings, alarms. */
export default function HistoryPage({ map, limits, vehicles, selection, history }: Props) {
  const { t } = useI18n()
  const points = history?.points ?? NO_POINTS
  const playback = usePlayback(points)
  const { focus, fitTo } = useMapFocus()
  const selectedVehicle = vehicles.find((vehicle) => vehicle.id === selection.deviceId)

  // Opened from a report row: the playback starts at the row's moment, the map on that spot.
  const { seek } = playback
  useEffect(() => {
    if (!selection.at || points.length === 0) return
    const time = new Date(selection.at).getTime()
    seek(time)
    const position = positionAtTime(points, time)
    if (position) fitTo([[position.lat, position.lon]])
  }, [selection.at, points, seek, fitTo])

  return (
    <>
      <Head title={t('common.routes.history')} />
      <PageHeader
        description={
          selectedVehicle
            ? `${selectedVehicle.plate ?? selectedVehicle.name} · IMEI ${selectedVehicle.imei}`
            : undefined
        }
        actions={history && <HistoryExportMenu selection={selection} />}
      />

      <HistoryForm vehicles={vehicles} selection={selection} />

      {selection.error && <HistoryError error={selection.error} maxDays={limits.maxDays} />}

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
            {history.truncated && <TruncatedNotice maxPoints={limits.maxPoints} />}
            <TrackPanel map={map} history={history} playback={playback} focus={focus} />
            {points.length > 1 && (
              <DetailCard title={t('live.history.speed_chart')} icon={Gauge}>
                <SpeedChart
                  points={points}
                  cursorTime={playback.cursorTime}
                  onHover={playback.setHoverTime}
                  onSeek={playback.seek}
                  label={t('live.history.speed_chart_label')}
                />
              </DetailCard>
            )}
          </div>

          <aside className="space-y-4">
            <HistorySummary summary={history.summary} />
            <TripList
              trips={history.trips}
              onSelect={(trip) => {
                fitTo(tripPositions(points, trip))
                playback.seek(new Date(trip.startTime).getTime())
              }}
            />
            <StopList
              stops={history.stops}
              onSelect={(stop) => {
                fitTo([[stop.lat, stop.lon]])
                playback.seek(new Date(stop.startTime).getTime())
              }}
            />
            <AlarmEventList
              alarms={history.alarms}
              onSelect={(alarm) => {
                if (alarm.lat !== null && alarm.lon !== null) fitTo([[alarm.lat, alarm.lon]])
                playback.seek(new Date(alarm.time).getTime())
              }}
            />
            <PlaceAttribution className="px-1" />
          </aside>
        </div>
      )}
    </>
  )
}
