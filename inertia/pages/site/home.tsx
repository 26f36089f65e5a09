import {
  ArrowRight,
  Calculator,
  CalendarCheck,
  Check,
  CircleCheck,
  Cable,
  Languages,
  MonitorSmartphone,
  Server,
  Smartphone,
} from 'lucide-react'
import { Link } from '@inertiajs/react'
import { Container } from '~/components/container'
import { FaqAccordion } from '~/components/site/faq_accordion'
import { HeroVisual } from '~/components/site/hero_visual'
import { SectionHeading } from '~/components/site/page_hero'
import { PostCard } from '~/components/site/post_card'
import { PricingCard } from '~/components/site/pricing_card'
import { Seo } from '~/components/site/seo'
import type { PostCard as PostCardData } from '~/components/site/types'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = {
  features: Data.Site.Post[]
  industries: Data.Site.Post[]
  products: Data.Site.Post[]
  faqs: Data.Site.Post.Variants['forFaq'][]
  pricing: Data.Site.Pricing
}

const highlights = ['protocols', 'languages', 'selfHosted'] as const
const stats = ['reports', 'protocols', 'languages', 'price'] as const
const steps = [
  { key: 'install', icon: Cable },
  { key: 'connect', icon: Server },
  { key: 'watch', icon: MonitorSmartphone },
] as const

/** A home page section of post cards (features, products) with a link to all of them. */
function PostsSection({
  section,
  route,
  posts,
  gridClass,
}: {
  section: 'features' | 'products'
  route: 'features' | 'products'
  posts: PostCardData[]
  gridClass: string
}) {
  const { t } = useI18n()
  return (
    <section aria-labelledby={`home-${section}`} className="py-20 sm:py-28">
      <Container>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id={`home-${section}`}
            eyebrow={t(`site.home.${section}.eyebrow`)}
            title={t(`site.home.${section}.title`)}
            lead={t(`site.home.${section}.lead`)}
          />
          <RouteLink
            route={route}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            {t(`site.home.${section}.all`)}
            <ArrowRight className="size-4" aria-hidden="true" />
          </RouteLink>
        </div>
        <div className={`mt-12 grid gap-6 sm:grid-cols-2 ${gridClass}`}>
          {posts.map((post) => (
            <PostCard key={post.key} post={post} />
          ))}
        </div>
      </Container>
    </section>
  )
}

export default function Home({ features, industries, products, faqs, pricing }: Props) {
  const { t } = useI18n()
  const path = useRoute()

  return (
    <>
      <Seo />

      {/* Hero */}
      <section className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50/80 via-white to-white">
        <div
          className="pointer-events-none absolute inset-0 -z-10 [background-image:radial-gradient(circle_at_1px_1px,rgb(15_118_110/0.10)_1px,transparent_0)] [background-size:26px_26px] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
          aria-hidden="true"
        />
        <Container className="grid items-center gap-16 pt-14 pb-24 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-12 lg:pt-24 lg:pb-32">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-600/15">
              <span className="size-1.5 rounded-full bg-brand-500" aria-hidden="true" />
              {t('site.home.hero.eyebrow')}
            </p>
            <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-6xl">
              {t('site.home.hero.title')}
            </h1>
            <p className="mt-6 max-w-xl text-lg/8 text-pretty text-slate-600">
              {t('site.home.hero.lead')}
            </p>
            <div className="mt-9 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link href={`${path('contact')}#demo`} data-testid="hero-demo">
                  <CalendarCheck className="size-5" aria-hidden="true" />
                  {t('site.home.hero.demo')}
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <RouteLink route="offer">
                  {t('site.home.hero.quote')}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </RouteLink>
              </Button>
            </div>
            <ul className="mt-9 grid gap-3 text-sm text-slate-600 sm:grid-cols-3">
              {highlights.map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <CircleCheck
                    className="mt-0.5 size-4 shrink-0 text-brand-600"
                    aria-hidden="true"
                  />
                  {t(`site.home.hero.highlights.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <HeroVisual />
        </Container>
      </section>

      {/* Numbers */}
      <section
        aria-label={t('site.home.stats.label')}
        className="border-y border-slate-100 bg-white"
      >
        <Container className="py-10">
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {stats.map((key) => (
              <div key={key}>
                <dt className="text-sm text-slate-500">{t(`site.home.stats.${key}.label`)}</dt>
                <dd className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">
                  {key === 'price' ? pricing.monthlyFee : t(`site.home.stats.${key}.value`)}
                </dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      {/* Features */}
      <PostsSection
        section="features"
        route="features"
        posts={features}
        gridClass="lg:grid-cols-3"
      />

      {/* How it works */}
      <section aria-labelledby="home-steps" className="bg-slate-950 py-20 text-white sm:py-28">
        <Container>
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
              {t('site.home.steps.eyebrow')}
            </p>
            <h2 id="home-steps" className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
              {t('site.home.steps.title')}
            </h2>
            <p className="mt-4 text-lg/8 text-slate-300">{t('site.home.steps.lead')}</p>
          </div>
          <ol className="mt-14 grid gap-6 lg:grid-cols-3">
            {steps.map(({ key, icon: Icon }, index) => (
              <li key={key} className="relative rounded-2xl bg-white/5 p-7 ring-1 ring-white/10">
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-brand-100">
                    {t('site.home.steps.step', { number: index + 1 })}
                  </span>
                </div>
                <h3 className="mt-5 text-lg font-semibold">{t(`site.home.steps.${key}.title`)}</h3>
                <p className="mt-2 text-sm/6 text-slate-300">{t(`site.home.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
          <p className="mt-10 text-center text-sm text-slate-400">
            <Smartphone className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
            {t('site.home.steps.devices')}{' '}
            <RouteLink
              route="test.device-lists"
              className="font-medium text-brand-100 underline underline-offset-2 hover:text-white"
            >
              {t('site.home.steps.devicesLink')}
            </RouteLink>
          </p>
        </Container>
      </section>

      {/* Products */}
      <PostsSection
        section="products"
        route="products"
        posts={products}
        gridClass="lg:grid-cols-4"
      />

      {/* Industries */}
      <section aria-labelledby="home-industries" className="bg-brand-50/60 py-20 sm:py-28">
        <Container>
          <SectionHeading
            id="home-industries"
            eyebrow={t('site.home.industries.eyebrow')}
            title={t('site.home.industries.title')}
            lead={t('site.home.industries.lead')}
            align="center"
          />
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {industries.map((post) => (
              <PostCard key={post.key} post={post} />
            ))}
          </div>
        </Container>
      </section>

      {/* Savings and pricing */}
      <section aria-labelledby="home-pricing" className="py-20 sm:py-28">
        <Container className="grid items-start gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="home-pricing"
              eyebrow={t('site.home.pricing.eyebrow')}
              title={t('site.home.pricing.title')}
              lead={t('site.home.pricing.lead')}
            />
            <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Calculator className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-lg font-semibold text-slate-900">
                  {t('site.home.savings.title')}
                </h3>
              </div>
              <p className="mt-3 text-sm/6 text-slate-600">{t('site.home.savings.text')}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {(['passenger_car', 'light_commercial', 'heavy_vehicle'] as const).map((key) => (
                  <li key={key} className="flex items-center gap-2">
                    <Check className="size-4 text-brand-600" aria-hidden="true" />
                    {t(`site.home.savings.classes.${key}`)}
                  </li>
                ))}
              </ul>
              <Button asChild variant="secondary" className="mt-6">
                <RouteLink route="test.cost">
                  {t('site.home.savings.cta')}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </RouteLink>
              </Button>
            </div>
            <p className="mt-6 flex items-start gap-2 text-sm text-slate-600">
              <Languages className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {t('site.home.pricing.note')}
            </p>
          </div>
          <PricingCard pricing={pricing} />
        </Container>
      </section>

      {/* FAQ */}
      {faqs.length > 0 && (
        <section
          aria-labelledby="home-faq"
          className="border-t border-slate-100 bg-slate-50/60 py-20 sm:py-28"
        >
          <Container className="grid gap-12 lg:grid-cols-[1fr_1.6fr]">
            <div>
              <SectionHeading
                id="home-faq"
                eyebrow={t('site.home.faq.eyebrow')}
                title={t('site.home.faq.title')}
                lead={t('site.home.faq.lead')}
              />
              <RouteLink
                route="faqs"
                className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
              >
                {t('site.home.faq.all')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </RouteLink>
            </div>
            <FaqAccordion faqs={faqs} />
          </Container>
        </section>
      )}
    </>
  )
}
