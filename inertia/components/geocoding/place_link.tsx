import { Link } from '@inertiajs/react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

/** A place by name that plays the vehicle back from that moment on the history page. */
export function PlaceLink({ place, playback }: { place: string; playback: string | null }) {
  const { t } = useI18n()
  const path = useRoute()
  if (!playback) return <>{place}</>
  return (
    <Link
      href={`${path('history')}?${playback}`}
      className="text-brand-700 hover:underline"
      title={t('geocoding.play_back')}
    >
      {place}
    </Link>
  )
}
