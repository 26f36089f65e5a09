import { Container } from '~/components/container'
import { ContactForm } from '~/components/site/contact_form'
import { DemoForm } from '~/components/site/demo_form'
import { OfficeCard } from '~/components/site/office_card'
import { PageHero, SectionHeading } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = Data.Site.InquiryForm & { offices: Data.Site.Office[]; officeCount: number }

/** The contact form, both offices, and the demo request form (#demo). */
export default function Contact({ offices, ...form }: Props) {
  const { t } = useI18n()
  return (
    <>
      <Seo />
      <PageHero title={t('site.contact.title')} lead={t('site.contact.lead')} />
      <Container className="grid gap-12 py-14 sm:py-20 lg:grid-cols-[1.5fr_1fr]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            {t('site.contact.formTitle')}
          </h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">{t('site.contact.formLead')}</p>
          <ContactForm form={form} />
        </section>
        <aside aria-labelledby="offices-title" className="space-y-4">
          <h2 id="offices-title" className="text-xl font-semibold text-slate-900">
            {t('site.offices.title')}
          </h2>
          {offices.map((office) => (
            <OfficeCard key={office.code} office={office} />
          ))}
        </aside>
      </Container>
      <section
        id="demo"
        aria-labelledby="demo-title"
        className="scroll-mt-20 border-t border-slate-100 bg-brand-50/50 py-14 sm:py-20"
      >
        <Container className="grid gap-12 lg:grid-cols-[1fr_1.5fr]">
          <SectionHeading
            id="demo-title"
            eyebrow={t('site.demo.eyebrow')}
            title={t('site.demo.title')}
            lead={t('site.demo.lead')}
          />
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
            <DemoForm form={form} />
          </div>
        </Container>
      </section>
    </>
  )
}
