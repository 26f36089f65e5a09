import { lazy, Suspense, useEffect, useState } from 'react'
import { MAP_FEATURE_LIMIT, type ReportMap } from '#shared/report_map'
import { ClientOnly } from '~/components/map/client_only'
import { MapPlaceholder } from '~/components/map/map_placeholder'
import type { MapSettings } from '~/components/map/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { Button } from '~/components/ui/button'

const ReportMapView = lazy(() => import('~/components/reports/report_map_view'))

type MapState = { url: string; map: ReportMap | null; failed: boolean }

/**
 * The period's trips and stops on a map beside a report's table (below it on a phone). Its
 * data and Leaflet load in the browser only, after the table: the first rows never wait.
 */
export function ReportMapPanel({
  url,
  settings,
  highlighted,
}: {
  /** The report's map route with its parameters (ReportsController.map). */
  url: string
  settings: MapSettings
  highlighted: string | null
}) {
  const { t } = useI18n()
  const format = useFormat()
  const [state, setState] = useState<MapState | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status))
        return response.json() as Promise<ReportMap>
      })
      .then((map) => setState({ url, map, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, map: null, failed: true })
      })
    return () => controller.abort()
  }, [url, attempt])
  const current = state?.url === url ? state : null
  const empty = current?.map && current.map.trips.length === 0 && current.map.stops.length === 0

  return (
    <section
      aria-label={t('report_pages.map.label')}
      className="flex flex-col gap-2 xl:sticky xl:top-4"
      data-testid="report-map"
      data-highlighted={highlighted ?? undefined}
    >
      <div className="relative isolate z-0 h-80 overflow-hidden rounded-xl border border-slate-200 sm:h-96 xl:h-[32rem]">
        {current?.map ? (
          <ClientOnly fallback={<MapPlaceholder />}>
            <Suspense fallback={<MapPlaceholder />}>
              <ReportMapView settings={settings} map={current.map} highlighted={highlighted} />
            </Suspense>
          </ClientOnly>
        ) : current?.failed ? (
          <div
            className="flex size-full flex-col items-center justify-center gap-2 bg-slate-50 p-4 text-center text-sm text-slate-700"
            role="alert"
          >
            <p>{t('report_pages.map.failed')}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setAttempt((value) => value + 1)}
            >
              {t('report_pages.map.retry')}
            </Button>
          </div>
        ) : (
          <MapPlaceholder />
        )}
      </div>
      <p className="text-xs text-slate-600" data-testid="report-map-note">
        {empty
          ? t('report_pages.map.empty')
          : current?.map?.truncated
            ? t('report_pages.map.truncated', { limit: format.number(MAP_FEATURE_LIMIT) })
            : current?.map
              ? t('report_pages.map.hint', {
                  trips: current.map.trips.length,
                  stops: current.map.stops.length,
                })
              : null}
      </p>
    </section>
  )
}
