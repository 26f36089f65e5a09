import { useEffect, useRef, type ReactNode } from 'react'
import type { Data } from '~generated/data'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

/**
 * The step between choosing and ordering: the buyer as the invoice will print it, payment and
 * due date, the price, and the confirm button, which stays off while the company's invoicing
 * details are incomplete (the server refuses such an order too).
 */
export function OrderReview({
  review,
  price,
  processing,
  onBack,
}: {
  review: Data.Account.OrderReview
  price: ReactNode
  processing: boolean
  onBack: () => void
}) {
  const { t } = useI18n()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section
      aria-labelledby="order-review-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="order-review"
    >
      <div>
        <h3
          id="order-review-heading"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900"
        >
          {t('billing.review.heading')}
        </h3>
        <p className="text-sm text-slate-600">{t('billing.review.lead')}</p>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-700">{t('billing.review.buyer')}</dt>
          <dd className="text-slate-900">
            <p className="font-semibold">{review.buyer.name}</p>
            {review.buyer.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {review.buyer.taxId && (
              <p>
                {t('billing.invoice.taxId')}: {review.buyer.taxId}
              </p>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('billing.review.payment')}</dt>
          <dd className="text-slate-900">{t(`billing.review.methods.${review.paymentMethod}`)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('billing.review.due')}</dt>
          <dd className="text-slate-900">
            {t('billing.review.dueDays', { days: review.dueDays })}
          </dd>
        </div>
      </dl>
      {price}
      {review.missing && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="text-amber-900">
            {t('billing.review.missing', { fields: review.missing })}
          </p>
          <RouteLink
            route="account.company-settings"
            className="mt-1 inline-block font-medium text-brand-700 underline"
          >
            {t('billing.review.editDetails')}
          </RouteLink>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onBack}>
          {t('billing.review.back')}
        </Button>
        <Button type="submit" disabled={processing || review.missing !== null}>
          {t('billing.review.confirm')}
        </Button>
      </div>
    </section>
  )
}
