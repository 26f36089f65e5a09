import { MapIcon } from 'lucide-react'
import { useI18n } from '~/lib/i18n'

/** What a map looks like before Leaflet has loaded (and on the server). */
export function MapPlaceholder() {
  const { t } = useI18n()
  return (
    <div
      className="flex size-full items-center justify-center bg-slate-100 text-sm text-slate-500"
      role="status"
    >
      <span className="inline-flex items-center gap-2">
        <MapIcon className="size-4 animate-pulse" aria-hidden="true" />
        {t('live.map.loading')}
      </span>
    </div>
  )
}
