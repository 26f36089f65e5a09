import { useI18n } from '~/lib/i18n'

/** First focusable element of every layout: jumps over the navigation to `#main`. */
export function SkipLink() {
  const { t } = useI18n()
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('common.nav.skipToContent')}
    </a>
  )
}
