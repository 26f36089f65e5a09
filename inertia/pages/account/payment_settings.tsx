import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { PageHeader } from '~/components/page_header'
import { FormSection } from '~/components/form/section'
import { bindField, InputField, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type Props = {
  profile: Data.Account.PaymentProfile
  bank: Data.Account.BankAccount
  cardAvailable: boolean
  canEdit: boolean
}

export default function PaymentSettings({ profile, bank, cardAvailable, canEdit }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const form = useForm(profile)

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(path('account.payment-settings'), { preserveScroll: true })
  }

  return (
    <>
      <Head title={t('common.routes.account.payment-settings')} />
      <PageHeader description={t('billing.payment.lead')} />
      <div className="grid max-w-3xl gap-6">
        <FormSection title={t('common.routes.account.payment-settings')}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <fieldset disabled={!canEdit} className="grid gap-4">
              <InputField
                label={t('billing.payment.contactName')}
                {...bindField(form, 'contact_name')}
                autoComplete="name"
              />
              <InputField
                label={t('billing.payment.billingEmail')}
                type="email"
                {...bindField(form, 'billing_email')}
                hint={t('billing.payment.billingEmailHelp')}
                autoComplete="email"
              />
              <SelectField
                label={t('billing.payment.method')}
                {...bindField(form, 'payment_method')}
                hint={cardAvailable ? undefined : t('billing.payment.cardUnavailable')}
              >
                <option value="bank_transfer">{t('billing.payment.methods.bank_transfer')}</option>
                {cardAvailable && <option value="card">{t('billing.payment.methods.card')}</option>}
              </SelectField>
              <div>
                <Button type="submit" disabled={form.processing}>
                  {t('billing.payment.save')}
                </Button>
              </div>
            </fieldset>
            {!canEdit && (
              <p className="text-sm text-slate-600">
                {t('billing.subscriptions.extend.ownerOnly')}
              </p>
            )}
          </form>
        </FormSection>
        <FormSection title={t('billing.payment.bank.heading')}>
          <dl
            className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm"
            data-testid="bank"
          >
            <dt className="text-slate-600">{t('billing.payment.bank.accountName')}</dt>
            <dd>{bank.accountName}</dd>
            <dt className="text-slate-600">{t('billing.payment.bank.bankName')}</dt>
            <dd>{bank.bankName}</dd>
            <dt className="text-slate-600">IBAN</dt>
            <dd className="font-mono">{bank.iban}</dd>
            {bank.swift && (
              <>
                <dt className="text-slate-600">SWIFT/BIC</dt>
                <dd className="font-mono">{bank.swift}</dd>
              </>
            )}
          </dl>
        </FormSection>
      </div>
    </>
  )
}
