import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { bindField, InputField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { FormSection } from '~/components/form/section'

const fields = [
  'name',
  'contact_email',
  'contact_phone',
  'address',
  'tax_id',
  'city',
  'state',
  'postal_code',
  'country',
  'logo_url',
] as const satisfies readonly (keyof CompanyDetails)[]

/** The form (app/transformers/account/company_details_transformer.ts). */
type CompanyDetails = Data.Account.CompanyDetails

export default function CompanySettings({ companyDetails }: { companyDetails: CompanyDetails }) {
  const { t } = useI18n()
  const path = useRoute()
  const form = useForm<CompanyDetails>(companyDetails)

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(path('account.company-settings'), { preserveScroll: true })
  }

  return (
    <>
      <Head title={t('common.routes.account.company-settings')} />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">
        {t('common.routes.account.company-settings')}
      </h1>
      <div className="max-w-3xl">
        <FormSection title={t('common.routes.account.company-settings')}>
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
            {fields.map((field) => (
              <InputField
                key={field}
                label={t(`backend.company.${field}`)}
                {...bindField(form, field)}
              />
            ))}
            <div className="sm:col-span-2">
              <Button type="submit">{t('backend.company.save')}</Button>
            </div>
          </form>
        </FormSection>
      </div>
    </>
  )
}
