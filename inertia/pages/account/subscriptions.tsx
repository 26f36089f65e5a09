import { Head, router, useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { PageHeader } from '~/components/page_header'
import { EmptyState } from '~/components/empty_state'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { CardTable } from '~/components/ui/table'
import { bindField, SelectField } from '~/components/form/fields'
import { PriceBreakdown } from '~/components/billing/price_breakdown'
import { DiscountCodeField } from '~/components/billing/discount_code_field'
import { OrderReview } from '~/components/billing/order_review'
import type { Data } from '~generated/data'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { useFormat } from '~/lib/format'
import {
  priceExtension,
  type DiscountCodeTerms,
  type ExtensionMonths,
} from '#shared/subscription_pricing'

/** A subscription (generated from app/transformers/account/subscription_transformer.ts). */
type SubscriptionRow = Data.Account.Subscription

type Props = {
  subscriptions: SubscriptionRow[]
  within: number | null
  today: string
  months: { months: ExtensionMonths; percent: number }[]
  rate: number
  code: { code: string; status: string; terms: DiscountCodeTerms | null } | null
  canOrder: boolean
  review: Data.Account.OrderReview
}

const stateTone = { active: 'green', grace: 'amber', expired: 'red', open: 'neutral' } as const

export default function Subscriptions({
  subscriptions,
  within,
  today,
  months,
  rate,
  code,
  canOrder,
  review,
}: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const format = useFormat()
  const [selected, setSelected] = useState<number[]>([])
  const [codeText, setCodeText] = useState(code?.code ?? '')
  const [reviewing, setReviewing] = useState(false)
  const form = useForm<{ subscription_ids: number[]; months: string; code: string }>({
    subscription_ids: [],
    months: '1',
    code: code?.status === 'applied' ? code.code : '',
  })

  const chosen = subscriptions.filter((row) => selected.includes(row.id))
  const price = useMemo(
    () =>
      priceExtension({
        vehicles: chosen.map((row) => ({ isNew: row.isNew })),
        months: Number(form.data.months) as ExtensionMonths,
        code: code?.status === 'applied' ? code.terms : null,
        today,
        rate,
      }),
    [chosen, form.data.months, code, today, rate]
  )

  const filter = (value: string) =>
    router.get(
      path('account.subscriptions'),
      { ...(value ? { within: value } : {}), ...(code ? { code: code.code } : {}) },
      { preserveScroll: true }
    )

  const applyCode = () =>
    router.get(
      path('account.subscriptions'),
      { ...(within ? { within } : {}), ...(codeText.trim() ? { code: codeText.trim() } : {}) },
      { preserveScroll: true, preserveState: true }
    )

  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((value) => value !== id) : [...current, id]
    )
  const allSelected = subscriptions.length > 0 && selected.length === subscriptions.length

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!reviewing) return setReviewing(true)
    // The code checked with "Apply code" (a page visit that keeps this form's state).
    form.transform((data) => ({
      ...data,
      subscription_ids: selected,
      code: code?.status === 'applied' ? code.code : '',
    }))
    form.post(path('account.subscriptions'), {
      preserveScroll: true,
      onError: () => setReviewing(false),
    })
  }

  const codeError = (form.errors as Record<string, string | undefined>).code
  const idsError = (form.errors as Record<string, string | undefined>).subscription_ids

  return (
    <>
      <Head title={t('common.routes.account.subscriptions')} />
      <PageHeader description={t('billing.subscriptions.lead')} />

      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('billing.subscriptions.filter')}
          name="within"
          value={within ? String(within) : ''}
          onChange={(event) => filter(event.target.value)}
          options={[
            { value: '', label: t('billing.subscriptions.all') },
            ...[30, 60, 90].map((days) => ({
              value: String(days),
              label: t('billing.subscriptions.within', { days }),
            })),
          ]}
        />
      </div>

      {subscriptions.length === 0 ? (
        <EmptyState title={t('billing.subscriptions.empty')} />
      ) : (
        <CardTable testId="subscriptions">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={t('billing.subscriptions.selectAll')}
                  checked={allSelected}
                  onChange={() =>
                    setSelected(allSelected ? [] : subscriptions.map((row) => row.id))
                  }
                />
              </th>
              {(
                [
                  'device',
                  'imei',
                  'remaining',
                  'start',
                  'end',
                  'type',
                  'status',
                  'discountCode',
                  'extensionMonths',
                ] as const
              ).map((column) => (
                <th key={column} scope="col" className="px-3 py-2">
                  {t(`billing.subscriptions.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {subscriptions.map((row) => (
              <tr key={row.id} data-subscription={row.id}>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={t('billing.subscriptions.select', { vehicle: row.deviceName })}
                    checked={selected.includes(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </td>
                <td className="px-3 py-2 font-medium text-slate-900">
                  {row.deviceName}
                  {row.plate && <span className="ml-1 text-slate-500">({row.plate})</span>}
                  {row.isNew && (
                    <Badge tone="brand" className="ml-2">
                      {t('billing.subscriptions.newVehicle')}
                    </Badge>
                  )}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{row.imei}</td>
                <td className="px-3 py-2 tabular-nums" data-remaining>
                  {row.remainingDays === null
                    ? '–'
                    : row.remainingDays >= 0
                      ? t('billing.subscriptions.days', { count: row.remainingDays })
                      : t('billing.subscriptions.overdue', { count: -row.remainingDays })}
                </td>
                <td className="px-3 py-2">{format.calendarDate(row.startsOn)}</td>
                <td className="px-3 py-2">{row.endsOn ? format.calendarDate(row.endsOn) : '–'}</td>
                <td className="px-3 py-2">{t('billing.overview.planName')}</td>
                <td className="px-3 py-2">
                  <Badge tone={stateTone[row.state]}>
                    {t(`billing.subscriptions.states.${row.state}`)}
                  </Badge>
                </td>
                <td className="px-3 py-2">{row.lastDiscountCode ?? '–'}</td>
                <td className="px-3 py-2">{row.lastExtensionMonths ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}

      {subscriptions.length > 0 && (
        <form
          onSubmit={submit}
          className="mt-6 grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          noValidate
        >
          <h2 className="text-base font-semibold text-slate-900">
            {t('billing.subscriptions.extend.heading')}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('billing.subscriptions.extend.selected', { count: selected.length })}
          </p>
          {idsError && (
            <p role="alert" className="text-sm text-red-700">
              {idsError}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('billing.subscriptions.extend.months')}
              {...bindField(form, 'months')}
              options={months.map((option) => ({
                value: String(option.months),
                label: t('billing.subscriptions.extend.monthsOption', {
                  months: option.months,
                  percent: option.percent,
                }),
              }))}
            />
            <DiscountCodeField
              value={codeText}
              onChange={setCodeText}
              code={code}
              error={codeError}
              onApply={applyCode}
            />
          </div>
          {canOrder && reviewing && selected.length > 0 ? (
            <OrderReview
              review={review}
              price={<PriceBreakdown price={price} />}
              processing={form.processing}
              onBack={() => setReviewing(false)}
            />
          ) : canOrder ? (
            <>
              {selected.length > 0 && <PriceBreakdown price={price} />}
              <div>
                <Button type="submit" disabled={selected.length === 0}>
                  {t('billing.review.submit')}
                </Button>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">{t('billing.subscriptions.extend.ownerOnly')}</p>
          )}
        </form>
      )}
    </>
  )
}
