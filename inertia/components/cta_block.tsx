import { ArrowRight } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

/** The call to action above the footer: title, description and a button to the contact page. */
export function CtaBlock() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 px-6 py-14 shadow-xl shadow-brand-900/20 sm:px-12 lg:flex lg:items-center lg:justify-between lg:gap-12 lg:px-16">
        <svg
          className="pointer-events-none absolute -top-24 -right-24 size-96 text-white/10"
          viewBox="0 0 200 200"
          fill="none"
          aria-hidden="true"
        >
          <circle cx="100" cy="100" r="99" stroke="currentColor" />
          <circle cx="100" cy="100" r="70" stroke="currentColor" />
          <circle cx="100" cy="100" r="40" stroke="currentColor" />
          <circle cx="100" cy="100" r="6" fill="currentColor" />
        </svg>
        <div className="relative max-w-2xl">
          <h2
            id="cta-title"
            className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
          >
            {t('common.cta.title')}
          </h2>
          <p className="mt-4 text-lg/8 text-brand-100">{t('common.cta.description')}</p>
        </div>
        <div className="relative mt-8 shrink-0 lg:mt-0">
          <Button asChild variant="inverse" size="lg">
            <RouteLink route="contact" data-testid="cta-contact">
              {t('common.cta.button')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </RouteLink>
          </Button>
        </div>
      </div>
    </section>
  )
}
