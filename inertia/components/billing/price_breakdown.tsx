import { formatMoney, formatNumber } from '#shared/quote_pricing'
import type { ExtensionPrice, ProductOrderPrice } from '#shared/subscription_pricing'
import { useI18n } from '~/lib/i18n'

type Row = { label: string; cents: number; discount?: boolean; strong?: boolean }

/** The price breakdown shown before ordering: every discount, VAT, total and its TRY value. */
export function PriceBreakdown({ price }: { price: ExtensionPrice | ProductOrderPrice }) {
  const { t, locale } = useI18n()
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale)
  const rows: Row[] = []
  if ('grossCents' in price) {
    rows.push({
      label: t('billing.price.gross', {
        count: price.vehicleCount,
        months: price.months,
        price: eur(price.monthlyCents),
      }),
      cents: price.grossCents,
    })
    if (price.extensionDiscountCents > 0)
      rows.push({
        label: t('billing.price.extensionDiscount', { percent: price.extensionDiscountPercent }),
        cents: price.extensionDiscountCents,
        discount: true,
      })
    if (price.firstMonthDiscountCents > 0)
      rows.push({
        label: t('billing.price.firstMonthDiscount', { percent: price.firstMonthDiscountPercent }),
        cents: price.firstMonthDiscountCents,
        discount: true,
      })
  } else {
    rows.push({ label: t('billing.price.subtotal'), cents: price.subtotalCents })
    if (price.volumeDiscountCents > 0)
      rows.push({
        label: t('billing.price.volumeDiscount', { percent: price.volumeDiscountPercent }),
        cents: price.volumeDiscountCents,
        discount: true,
      })
  }
  if (price.codeDiscountCents > 0)
    rows.push({
      label: t('billing.price.codeDiscount', { code: price.code ?? '' }),
      cents: price.codeDiscountCents,
      discount: true,
    })
  rows.push({ label: t('billing.price.net'), cents: price.netCents })
  rows.push({ label: t('billing.price.vat', { percent: price.vatPercent }), cents: price.vatCents })
  rows.push({ label: t('billing.price.total'), cents: price.totalCents, strong: true })

  return (
    <section
      aria-labelledby="price-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="price-heading" className="mb-2 text-sm font-semibold text-slate-900">
        {t('billing.price.heading')}
      </h3>
      <dl className="space-y-1 text-sm" data-testid="price-breakdown">
        {rows.map((row) => (
          <div
            key={row.label}
            className={`flex justify-between gap-4 ${row.strong ? 'border-t border-slate-300 pt-1 font-semibold text-slate-900' : 'text-slate-700'}`}
          >
            <dt>{row.label}</dt>
            <dd className={`tabular-nums ${row.discount ? 'text-brand-700' : ''}`}>
              {row.discount ? '− ' : ''}
              {eur(row.cents)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {t('billing.price.totalTry', {
          amount: formatMoney(price.totalTryCents, 'TRY', locale),
          rate: formatNumber(price.rate, locale, 4),
        })}
      </p>
    </section>
  )
}
