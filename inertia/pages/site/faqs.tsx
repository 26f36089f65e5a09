import { Container } from '~/components/container'
import { FaqAccordion } from '~/components/site/faq_accordion'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { EmptyPosts } from '~/components/site/empty_posts'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = { faqs: Data.Site.Post.Variants['forFaq'][] }

/** Frequently asked questions: the FAQ posts of the page's language, as an accordion. */
export default function Faqs({ faqs }: Props) {
  const { t } = useI18n()
  return (
    <>
      <Seo />
      <PageHero title={t('site.faqs.title')} lead={t('site.faqs.lead')} />
      <Container className="max-w-4xl py-14 sm:py-20">
        {faqs.length > 0 ? <FaqAccordion faqs={faqs} /> : <EmptyPosts />}
        <p className="mt-10 text-center text-sm text-slate-600">
          {t('site.faqs.more')}{' '}
          <RouteLink route="contact" className="font-semibold text-brand-700 hover:underline">
            {t('site.faqs.contact')}
          </RouteLink>
        </p>
      </Container>
    </>
  )
}
