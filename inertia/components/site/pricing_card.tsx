import { ArrowRight, BadgePercent, Check } from 'lucide-react'
import type { PricingSummary } from '~/components/site/types'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

export const premiumIncludes = [
  'liveTracking',
  'history',
  'alarms',
  'reports',
  'maintenance',
  'drivers',
  'fleet',
  'languages',
  'updates',
  'support',
] as const

/**
 * The one plan (spec §1, §9): Premium, 9 EUR per vehicle per month, 10% off the first month.
 * `headingLevel` keeps the page's outline: h2 right under a page's h1, h3 inside a section.
 */
export function PricingCard({
  pricing,
  headingLevel = 'h3',
}: {
  pricing: PricingSummary
  headingLevel?: 'h2' | 'h3'
}) {
  const { t } = useI18n()
  const Heading = headingLevel
  return (
    <div
      className="relative overflow-hidden rounded-3xl bg-white p-8 shadow-xl ring-2 ring-brand-600 sm:p-10"
      data-testid="pricing-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading className="text-xl font-semibold text-slate-900">
          {t('site.pricing.plan.name')}
        </Heading>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-600/25">
          <BadgePercent className="size-3.5" aria-hidden="true" />
          {t('site.pricing.plan.firstMonth', { percent: pricing.firstMonthDiscountPercent })}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('site.pricing.plan.tagline')}</p>
      <p className="mt-6 flex items-baseline gap-x-2">
        <span
          className="text-5xl font-semibold tracking-tight text-slate-900"
          data-testid="plan-price"
        >
          {pricing.monthlyFee}
        </span>
        <span className="text-sm font-medium text-slate-500">{t('site.pricing.plan.per')}</span>
      </p>
      <p className="mt-2 text-sm text-brand-800">
        {t('site.pricing.plan.firstMonthPrice', { price: pricing.firstMonthFee })}
      </p>
      <ul className="mt-8 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
        {premiumIncludes.map((key) => (
          <li key={key} className="flex items-start gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {t(`site.pricing.includes.${key}`)}
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg" className="flex-1">
          <RouteLink route="offer" data-testid="pricing-offer">
            {t('site.pricing.plan.quote')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </RouteLink>
        </Button>
        <Button asChild size="lg" variant="outline" className="flex-1">
          <RouteLink route="contact">{t('site.pricing.plan.contact')}</RouteLink>
        </Button>
      </div>
      <p className="mt-4 text-xs text-slate-500">{t('site.pricing.plan.vat')}</p>
    </div>
  )
}
