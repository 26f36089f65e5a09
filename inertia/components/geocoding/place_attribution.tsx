import { clsx } from 'clsx'
import { useI18n } from '~/lib/i18n'

/**
 * The credit the GeoNames licence (CC BY 4.0) asks for wherever place names from its data are
 * shown (docs/geocoding.md).
 */
export function PlaceAttribution({ className }: { className?: string }) {
  const { t } = useI18n()
  return (
    <p className={clsx('text-[11px] text-slate-600', className)} data-testid="place-attribution">
      <a
        href="https://www.geonames.org/"
        target="_blank"
        rel="noopener noreferrer"
        className="hover:text-slate-900 hover:underline"
      >
        {t('geocoding.attribution')}
      </a>
    </p>
  )
}
