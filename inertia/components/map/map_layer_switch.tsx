import { Layers } from 'lucide-react'
import type { MapLayerName, MapSettings } from '~/components/map/types'
import { useI18n } from '~/lib/i18n'

/** The base layer choice in a map's top right corner. */
export function MapLayerSwitch({
  settings,
  layer,
  onChange,
}: {
  settings: MapSettings
  layer: MapLayerName
  onChange: (layer: MapLayerName) => void
}) {
  const { t } = useI18n()
  return (
    <label className="absolute top-3 right-3 z-[1000] flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white/95 px-2 py-1 text-xs shadow-sm">
      <Layers className="size-3.5 text-slate-500" aria-hidden="true" />
      <span className="sr-only">{t('live.map.layer')}</span>
      <select
        value={layer}
        onChange={(event) => onChange(event.target.value as MapLayerName)}
        className="bg-transparent text-xs font-medium text-slate-700 outline-none"
      >
        {(Object.keys(settings.layers) as MapLayerName[]).map((name) => (
          <option key={name} value={name}>
            {t(`backend.account.map_layers.${name}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
