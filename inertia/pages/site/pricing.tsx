import { Calculator, FileText, ShieldCheck, Truck } from 'lucide-react'
import { Container } from '~/components/container'
import { PageHero } from '~/components/site/page_hero'
import { PricingCard } from '~/components/site/pricing_card'
import { Seo } from '~/components/site/seo'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = { pricing: Data.Site.Pricing }

const notes = [
  { key: 'devices', icon: Truck },
  { key: 'warranty', icon: ShieldCheck },
  { key: 'quote', icon: FileText },
  { key: 'savings', icon: Calculator },
] as const

/** The Premium plan: 9 EUR per vehicle per month, 10% off the first month, what it includes. */
export default function Pricing({ pricing }: Props) {
  const { t } = useI18n()
  return (
    <>
      <Seo />
      <PageHero title={t('site.pricing.title')} lead={t('site.pricing.lead')} />
      <Container className="grid items-start gap-12 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <PricingCard pricing={pricing} headingLevel="h2" />
        <div className="space-y-6">
          {notes.map(({ key, icon: Icon }) => (
            <div key={key} className="flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h2 className="font-semibold text-slate-900">
                  {t(`site.pricing.notes.${key}.title`)}
                </h2>
                <p className="mt-1 text-sm/6 text-slate-600">
                  {t(`site.pricing.notes.${key}.text`)}
                </p>
              </div>
            </div>
          ))}
          <p className="text-sm text-slate-600">
            <RouteLink route="test.cost" className="font-semibold text-brand-700 hover:underline">
              {t('site.pricing.calculatorLink')}
            </RouteLink>
          </p>
        </div>
      </Container>
    </>
  )
}
