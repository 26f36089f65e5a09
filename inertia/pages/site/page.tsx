import { Cookie, FileClock } from 'lucide-react'
import { Container } from '~/components/container'
import { ContactForm } from '~/components/site/contact_form'
import { OPEN_CONSENT_EVENT } from '~/components/cookie_consent'
import { PageHero } from '~/components/site/page_hero'
import { Prose } from '~/components/site/prose'
import { Seo } from '~/components/site/seo'
import type { CompanyPage } from '#shared/site_pages'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = {
  page: CompanyPage
  post: Data.Site.Post.Variants['forShow'] | null
  contactForm: Data.Site.InquiryForm | null
}

/**
 * A page whose text is a company or legal post (about us, support, dealership programme,
 * terms, cookie and privacy policies). Support adds the contact form; the cookie policy adds
 * a button to change the cookie choice.
 */
export default function SitePage({ page, post, contactForm }: Props) {
  const { t } = useI18n()
  const title = post?.name ?? t(`common.routes.${page}`)
  return (
    <>
      <Seo />
      <PageHero title={title} lead={post?.summary} />
      <Container className="max-w-4xl py-14 sm:py-20">
        <div className="min-w-0">
          {post ? (
            <Prose html={post.bodyHtml} />
          ) : (
            <div className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-600">
              <FileClock className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
              <p>{t('site.common.pageComingSoon')}</p>
            </div>
          )}
          {page === 'cookie-policy' && (
            <Button
              variant="secondary"
              className="mt-10"
              onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
            >
              <Cookie className="size-4" aria-hidden="true" />
              {t('site.cookies.change')}
            </Button>
          )}
        </div>
        {contactForm && (
          <aside aria-labelledby="support-form-title" id="contact" className="mt-16 scroll-mt-20">
            <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
              <h2 id="support-form-title" className="text-xl font-semibold text-slate-900">
                {t('site.support.formTitle')}
              </h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">{t('site.support.formLead')}</p>
              <ContactForm form={contactForm} />
            </div>
          </aside>
        )}
      </Container>
    </>
  )
}
