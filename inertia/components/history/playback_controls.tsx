import { Pause, Play, RotateCcw } from 'lucide-react'
import type { Playback } from '~/components/history/use_playback'
import { playbackSpeeds, type PlaybackSpeed } from '~/components/map/playback'
import { Button } from '~/components/ui/button'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** Play/pause, restart, speed, scrubber and the time and speed at the cursor. */
export function PlaybackControls({ playback }: { playback: Playback }) {
  const { t } = useI18n()
  const format = useFormat()
  const { start, end, time, playing, speed, cursor, seek } = playback
  return (
    <div
      className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-3 py-2"
      role="group"
      aria-label={t('live.history.playback.label')}
    >
      <Button
        size="icon"
        onClick={playback.toggle}
        aria-label={t(playing ? 'live.history.playback.pause' : 'live.history.playback.play')}
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
          onChange={(event) => playback.setSpeed(Number(event.target.value) as PlaybackSpeed)}
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
        {cursor && (
          <>
            {format.time(cursor.time, true)} ·{' '}
            <b className="text-slate-900">{format.speed(cursor.speed)}</b>
          </>
        )}
      </span>
    </div>
  )
}
