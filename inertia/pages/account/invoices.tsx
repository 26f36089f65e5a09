import { Head, router, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { bindField, InputField, SelectField } from '~/components/form/fields'
import { Download } from 'lucide-react'
import { PageHeader } from '~/components/page_header'
import { EmptyState } from '~/components/empty_state'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { CardTable } from '~/components/ui/table'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'
import { useFormat } from '~/lib/format'
import { formatMoney } from '#shared/quote_pricing'
import type { Data } from '~generated/data'

/** An invoice (generated from app/transformers/account/invoice_transformer.ts). */
type InvoiceRow = Data.Account.Invoice

type DiscountCodeRow = {
  id: number
  code: string
  kind: 'percent' | 'fixed'
  value: number
  validFrom: string | null
  validUntil: string | null
  maxUses: number | null
  usedCount: number
}

type Props = {
  discountCodes: DiscountCodeRow[]
  invoices: InvoiceRow[]
  staff: boolean
  canPayByCard: boolean
  awaiting: { orderId: number; number: string; company: string; totalCents: number }[]
}

const statusTone = { awaiting_payment: 'amber', paid: 'green', cancelled: 'neutral' } as const

export default function Invoices({
  invoices,
  staff,
  canPayByCard,
  awaiting,
  discountCodes,
}: Props) {
  const { t, locale } = useI18n()
  const action = useAction()
  const format = useFormat()
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale)

  return (
    <>
      <Head title={t('common.routes.account.invoices')} />
      <PageHeader description={t('billing.invoices.lead')} />
      {invoices.length === 0 ? (
        <EmptyState title={t('billing.invoices.empty')} />
      ) : (
        <CardTable testId="invoices">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {(['number', 'date', 'due', 'kind', 'total', 'status', 'pdf'] as const).map(
                (column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`billing.invoices.columns.${column}`)}
                  </th>
                )
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td className="px-3 py-2 font-mono">{invoice.number}</td>
                <td className="px-3 py-2">{format.calendarDate(invoice.issuedOn)}</td>
                <td className="px-3 py-2">{format.calendarDate(invoice.dueOn)}</td>
                <td className="px-3 py-2">
                  {t(`billing.invoices.kinds.${invoice.kind}`, { months: invoice.months ?? 0 })}
                </td>
                <td className="px-3 py-2 tabular-nums">{eur(invoice.totalCents)}</td>
                <td className="px-3 py-2">
                  <Badge tone={statusTone[invoice.status]}>
                    {t(`billing.invoices.statuses.${invoice.status}`)}
                  </Badge>
                </td>
                <td className="px-3 py-2">
                  <a
                    href={action('account.invoices.pdf', { id: invoice.id })}
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    aria-label={t('billing.invoices.download', { number: invoice.number })}
                  >
                    <Download className="size-4" aria-hidden="true" />
                    PDF
                  </a>
                  {canPayByCard && invoice.status === 'awaiting_payment' && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-3"
                      onClick={() =>
                        router.post(action('account.invoices.pay', { id: invoice.id }))
                      }
                    >
                      {t('billing.card.pay', { number: invoice.number })}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}

      {staff && (
        <section className="mt-8" aria-labelledby="staff-heading">
          <h2 id="staff-heading" className="text-lg font-semibold text-slate-900">
            {t('billing.invoices.staff.heading')}
          </h2>
          <p className="mb-3 text-sm text-slate-600">{t('billing.invoices.staff.lead')}</p>
          {awaiting.length === 0 ? (
            <p className="text-sm text-slate-600">{t('billing.invoices.staff.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {awaiting.map((order) => (
                <li
                  key={order.orderId}
                  className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
                >
                  <span className="font-mono">{order.number}</span>
                  <span className="text-slate-700">{order.company}</span>
                  <span className="tabular-nums">{eur(order.totalCents)}</span>
                  <Button
                    size="sm"
                    className="ml-auto"
                    onClick={() =>
                      router.post(
                        action('account.invoices.paid', { id: order.orderId }),
                        {},
                        { preserveScroll: true }
                      )
                    }
                  >
                    {t('billing.invoices.staff.markPaid', { number: order.number })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {staff && <DiscountCodes codes={discountCodes} />}
    </>
  )
}

function DiscountCodes({ codes }: { codes: DiscountCodeRow[] }) {
  const { t } = useI18n()
  const action = useAction()
  const format = useFormat()
  const form = useForm({
    code: '',
    kind: 'percent',
    value: '',
    valid_from: '',
    valid_until: '',
    max_uses: '',
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) =>
      Object.fromEntries(Object.entries(data).filter(([, value]) => value !== ''))
    )
    form.post(action('account.discount-codes'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }

  const field = (name: keyof typeof form.data, label: string, type = 'text') => (
    <InputField label={label} type={type} {...bindField(form, name)} />
  )

  return (
    <section className="mt-8" aria-labelledby="codes-heading">
      <h2 id="codes-heading" className="text-lg font-semibold text-slate-900">
        {t('billing.codes.heading')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('billing.codes.lead')}</p>
      {codes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('billing.codes.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="codes">
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
              <tr>
                {(
                  ['code', 'kind', 'value', 'validFrom', 'validUntil', 'maxUses', 'used'] as const
                ).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`billing.codes.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {codes.map((code) => (
                <tr key={code.id}>
                  <td className="px-3 py-2 font-mono">{code.code}</td>
                  <td className="px-3 py-2">{t(`billing.codes.kinds.${code.kind}`)}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {code.kind === 'percent' ? `${code.value} %` : code.value}
                  </td>
                  <td className="px-3 py-2">
                    {code.validFrom ? format.calendarDate(code.validFrom) : '–'}
                  </td>
                  <td className="px-3 py-2">
                    {code.validUntil ? format.calendarDate(code.validUntil) : '–'}
                  </td>
                  <td className="px-3 py-2">{code.maxUses ?? '–'}</td>
                  <td className="px-3 py-2">{code.usedCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-3" noValidate>
        {field('code', t('billing.codes.code'))}
        <SelectField
          label={t('billing.codes.kind')}
          {...bindField(form, 'kind')}
          options={[
            { value: 'percent', label: t('billing.codes.kinds.percent') },
            { value: 'fixed', label: t('billing.codes.kinds.fixed') },
          ]}
        />
        {field('value', t('billing.codes.value'), 'number')}
        {field('valid_from', t('billing.codes.validFrom'), 'date')}
        {field('valid_until', t('billing.codes.validUntil'), 'date')}
        {field('max_uses', t('billing.codes.maxUses'), 'number')}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={form.processing}>
            {t('billing.codes.create')}
          </Button>
        </div>
      </form>
    </section>
  )
}
