import { Honeypot } from '~/components/site/honeypot'
import { useSiteFields } from '~/components/site/site_fields'
import { SiteFormSubmit } from '~/components/site/site_form_submit'
import { CalendarCheck, CircleCheck } from 'lucide-react'
import { useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { bindField, InputField, SelectField, TextAreaField } from '~/components/form/fields'
import type { FormProps } from '~/components/site/types'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'

/** The demo request form (spec §3): name or company, e-mail, phone, vehicles, subject, message. */
export function DemoForm({ form: config }: { form: FormProps }) {
  const { t } = useI18n()
  const fields = useSiteFields()
  const action = useAction()
  const [again, setAgain] = useState(false)
  const form = useForm({
    name_or_company: '',
    email: '',
    phone: '',
    vehicle_count: '',
    subject: '',
    message: '',
    [config.honeypot]: '',
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) => ({ ...data, vehicle_count: data.vehicle_count || null }))
    form.post(action('contact.demo'), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        setAgain(false)
      },
    })
  }

  if (config.sent === 'demo' && !again) {
    return (
      <div
        role="status"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center"
        data-testid="demo-success"
      >
        <CircleCheck className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
        <h3 className="mt-4 text-xl font-semibold text-emerald-900">
          {t('site.demo.success.title')}
        </h3>
        <p className="mt-2 text-sm text-emerald-800">{t('site.demo.success.description')}</p>
        <Button variant="outline" className="mt-6" onClick={() => setAgain(true)}>
          {t('site.demo.success.again')}
        </Button>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate className="relative space-y-5" data-testid="demo-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('site.demo.fields.nameOrCompany')}
          {...bindField(form, 'name_or_company')}
          id="demo-name_or_company"
          {...fields.organization}
        />
        <InputField
          label={t('site.demo.fields.email')}
          {...bindField(form, 'email')}
          id="demo-email"
          {...fields.email}
        />
        <InputField
          label={t('site.demo.fields.phone')}
          {...bindField(form, 'phone')}
          id="demo-phone"
          {...fields.phone}
        />
        <InputField
          label={t('site.demo.fields.vehicleCount')}
          {...bindField(form, 'vehicle_count')}
          id="demo-vehicle_count"
          type="number"
          inputMode="numeric"
          min={1}
          max={100000}
          {...fields.optional}
        />
      </div>
      <SelectField
        label={t('site.demo.fields.subject')}
        {...bindField(form, 'subject')}
        id="demo-subject"
        required
      >
        <option value="">{t('site.demo.fields.subjectPlaceholder')}</option>
        {config.subjects.map((subject) => (
          <option key={subject} value={subject}>
            {t(`site.demo.subjects.${subject}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('site.demo.fields.message')}
        {...bindField(form, 'message')}
        id="demo-message"
        rows={4}
        {...fields.message}
      />
      <Honeypot form="demo" {...bindField(form, config.honeypot)} />
      <SiteFormSubmit
        processing={form.processing}
        icon={CalendarCheck}
        label={t('site.demo.submit')}
      />
    </form>
  )
}
