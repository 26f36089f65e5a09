import { useEffect, useState } from 'react'
import { Link } from '@inertiajs/react'
import type { MapVehiclePlace } from '#transformers/live/map_vehicle_transformer'
import { useI18n } from '~/lib/i18n'
import { useAction, useRoute } from '~/lib/routes'

/** A new name is asked for after the vehicle moved about this far (3 decimals: ~100 m). */
const PLACE_PRECISION = 1000

/**
 * The vehicle's current place by name in its popup (AssetsController.place): one request when
 * the popup opens, and again when the vehicle has moved on; the fleet feed carries no places.
 */
export function useVehiclePlace(id: number, lat: number | null, lon: number | null) {
  const action = useAction()
  const [answer, setAnswer] = useState<{ key: string; value: MapVehiclePlace | null } | null>(null)
  const key =
    lat === null || lon === null
      ? `${id}`
      : `${id}:${Math.round(lat * PLACE_PRECISION)}:${Math.round(lon * PLACE_PRECISION)}`
  const hasPosition = lat !== null && lon !== null
  useEffect(() => {
    if (!hasPosition) return
    const controller = new AbortController()
    fetch(action('assets.place', { id }), {
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<MapVehiclePlace>) : null))
      .then((value) => setAnswer({ key, value }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key, value: null })
      })
    return () => controller.abort()
  }, [action, id, key, hasPosition])
  // The last answer stands while a newer one is on its way.
  return { place: answer?.value ?? null, loading: hasPosition && answer?.key !== key }
}

/** The place's name, linked to the history playback at the vehicle's last fix. */
export function VehiclePlaceName({ place, loading }: ReturnType<typeof useVehiclePlace>) {
  const { t } = useI18n()
  const path = useRoute()
  if (!place?.place) {
    return loading ? <span aria-busy="true">…</span> : <>—</>
  }
  return place.playback ? (
    <Link
      href={`${path('history')}?${place.playback}`}
      className="text-brand-700 underline decoration-dotted underline-offset-2 hover:text-brand-900"
      title={t('geocoding.play_back')}
      data-testid="popup-place"
    >
      {place.place}
    </Link>
  ) : (
    <span data-testid="popup-place">{place.place}</span>
  )
}
