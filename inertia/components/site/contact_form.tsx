import { Honeypot } from '~/components/site/honeypot'
import { useSiteFields } from '~/components/site/site_fields'
import { SiteFormSubmit } from '~/components/site/site_form_submit'
import { CircleCheck, Send } from 'lucide-react'
import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { bindField, InputField, TextAreaField } from '~/components/form/fields'
import type { FormProps } from '~/components/site/types'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

/** The contact form (spec §3): only the e-mail is required. */
export function ContactForm({ form: config }: { form: FormProps }) {
  const { t } = useI18n()
  const path = useRoute()
  const fields = useSiteFields()
  const form = useForm({ full_name: '', email: '', phone: '', message: '', [config.honeypot]: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(path('contact'), { preserveScroll: true, onSuccess: () => form.reset() })
  }

  return (
    <form onSubmit={submit} noValidate className="relative space-y-5" data-testid="contact-form">
      {config.sent === 'contact' && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-800"
        >
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <p className="font-medium">{t('site.contact.success')}</p>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('site.contact.fields.fullName')}
          {...bindField(form, 'full_name')}
          {...fields.fullName}
        />
        <InputField
          label={t('site.contact.fields.phone')}
          {...bindField(form, 'phone')}
          {...fields.phone}
        />
      </div>
      <InputField
        label={t('site.contact.fields.email')}
        {...bindField(form, 'email')}
        {...fields.email}
      />
      <TextAreaField
        label={t('site.contact.fields.message')}
        {...bindField(form, 'message')}
        {...fields.message}
      />
      <Honeypot form="contact" {...bindField(form, config.honeypot)} />
      <SiteFormSubmit processing={form.processing} icon={Send} label={t('site.contact.submit')} />
    </form>
  )
}
