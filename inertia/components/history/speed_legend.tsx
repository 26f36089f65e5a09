import { speedBands } from '~/components/map/speed_bands'
import { useI18n } from '~/lib/i18n'

/** The colours of the track by speed band, over the map's corner. */
export function SpeedLegend() {
  const { t } = useI18n()
  return (
    <div
      className="absolute bottom-2 left-2 z-[1000] rounded-lg border border-slate-200 bg-white/95 px-2 py-1.5 text-[11px] shadow-sm"
      aria-label={t('live.history.legend')}
    >
      <ul className="flex items-center gap-2">
        {speedBands.map((band) => (
          <li key={band.min} className="flex items-center gap-1 text-slate-600">
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
