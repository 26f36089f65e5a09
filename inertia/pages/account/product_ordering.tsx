import { Head, router, useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { PageHeader } from '~/components/page_header'
import { InputField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { PriceBreakdown } from '~/components/billing/price_breakdown'
import { DiscountCodeField } from '~/components/billing/discount_code_field'
import { OrderReview } from '~/components/billing/order_review'
import type { Data } from '~generated/data'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { formatMoney, type ProductKey } from '#shared/quote_pricing'
import { priceProductOrder, type DiscountCodeTerms } from '#shared/subscription_pricing'

type Props = {
  catalogue: {
    key: ProductKey
    kind: string
    unitPriceCents: number
    name: string
    description: string
  }[]
  rate: number
  today: string
  code: { code: string; status: string; terms: DiscountCodeTerms | null } | null
  canOrder: boolean
  review: Data.Account.OrderReview
}

export default function ProductOrdering({ catalogue, rate, today, code, canOrder, review }: Props) {
  const { t, locale } = useI18n()
  const path = useRoute()
  const [codeText, setCodeText] = useState(code?.code ?? '')
  const [reviewing, setReviewing] = useState(false)
  const form = useForm<{ quantities: Partial<Record<ProductKey, number>>; code: string }>({
    quantities: {},
    code: code?.status === 'applied' ? code.code : '',
  })
  const price = useMemo(
    () =>
      priceProductOrder({
        quantities: form.data.quantities,
        code: code?.status === 'applied' ? code.terms : null,
        today,
        rate,
      }),
    [form.data.quantities, code, today, rate]
  )
  const errors = form.errors as Record<string, string | undefined>

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!reviewing) return setReviewing(true)
    form.transform((data) => ({ ...data, code: code?.status === 'applied' ? code.code : '' }))
    form.post(path('account.product-ordering'), {
      preserveScroll: true,
      onError: () => setReviewing(false),
    })
  }

  const applyCode = () =>
    router.get(path('account.product-ordering'), codeText.trim() ? { code: codeText.trim() } : {}, {
      preserveScroll: true,
      preserveState: true,
    })

  return (
    <>
      <Head title={t('common.routes.account.product-ordering')} />
      <PageHeader description={t('billing.products.lead')} />
      <form onSubmit={submit} className="grid max-w-4xl gap-6" noValidate>
        <ul className="grid gap-3 sm:grid-cols-2">
          {catalogue.map((product) => (
            <li
              key={product.key}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="font-semibold text-slate-900">{product.name}</p>
              <p className="text-sm text-slate-600">{product.description}</p>
              <p className="mt-1 text-sm font-medium text-slate-800">
                {t('billing.products.unitPrice', {
                  price: formatMoney(product.unitPriceCents, 'EUR', locale),
                })}
              </p>
              <InputField
                className="mt-2 max-w-32"
                label={t('billing.products.quantity', { product: product.name })}
                name={`quantities.${product.key}`}
                type="number"
                min={0}
                inputMode="numeric"
                value={form.data.quantities[product.key] ?? ''}
                onChange={(event) =>
                  form.setData('quantities', {
                    ...form.data.quantities,
                    [product.key]: Math.max(0, Math.floor(Number(event.target.value) || 0)),
                  })
                }
                error={errors[`quantities.${product.key}`]}
              />
            </li>
          ))}
        </ul>
        {errors.quantities && (
          <p role="alert" className="text-sm text-red-700">
            {errors.quantities}
          </p>
        )}
        <DiscountCodeField
          value={codeText}
          onChange={setCodeText}
          code={code}
          error={errors.code}
          className="flex max-w-md items-end gap-2"
          onApply={applyCode}
        />
        <p className="text-sm text-slate-600">{t('billing.products.subscriptionNote')}</p>
        {canOrder && reviewing && price.lines.length > 0 ? (
          <OrderReview
            review={review}
            price={<PriceBreakdown price={price} />}
            processing={form.processing}
            onBack={() => setReviewing(false)}
          />
        ) : canOrder ? (
          <>
            {price.lines.length > 0 && <PriceBreakdown price={price} />}
            <div>
              <Button type="submit" disabled={price.lines.length === 0}>
                {t('billing.review.submit')}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-600">{t('billing.subscriptions.extend.ownerOnly')}</p>
        )}
      </form>
    </>
  )
}
