import { useMemo } from 'react'
import { useAlarmText } from '~/components/cards/alarm_text'
import { PlaybackControls } from '~/components/history/playback_controls'
import { SpeedLegend } from '~/components/history/speed_legend'
import type { Data } from '~generated/data'
import type { Playback } from '~/components/history/use_playback'
import { HistoryMap } from '~/components/map/history_map'
import type { HistoryMapViewProps } from '~/components/map/history_map_view'
import type { HistoryAlarm, HistoryStop, MapSettings } from '~/components/map/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** The track on the map, coloured by speed, with the playback controls under it. */
export function TrackPanel({
  map,
  history,
  playback,
  focus,
}: {
  map: MapSettings
  history: Data.Live.History
  playback: Playback
  focus: HistoryMapViewProps['focus']
}) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  const points = history.points

  const labels = useMemo(
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

  return (
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
          cursor={playback.cursor}
          focus={focus}
          labels={labels}
          onSeek={playback.seek}
        />
        {points.length === 0 && (
          <p className="absolute inset-x-0 top-4 z-[1000] mx-auto w-fit rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-600 shadow">
            {t('live.history.no_positions')}
          </p>
        )}
        <SpeedLegend />
      </section>
      {points.length > 1 && <PlaybackControls playback={playback} />}
    </div>
  )
}
