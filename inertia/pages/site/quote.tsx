import { CalendarClock, Download, ScrollText } from 'lucide-react'
import { Container } from '~/components/container'
import { Breadcrumb } from '~/components/breadcrumb'
import { Logo } from '~/components/logo'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { ColumnHeaders, numberColumn } from '~/components/ui/table'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = { quote: Data.Site.Quote }

function Row({
  label,
  value,
  tone = 'plain',
  testId,
}: {
  label: string
  value: string
  tone?: 'plain' | 'discount' | 'strong' | 'muted'
  testId?: string
}) {
  const classes = {
    plain: 'text-slate-700',
    discount: 'text-brand-800',
    strong: 'border-t border-slate-300 pt-3 text-base font-semibold text-slate-900',
    muted: 'text-xs text-slate-500',
  }[tone]
  return (
    <div className={`flex justify-between gap-6 ${classes}`}>
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/** A stored quote as a document: lines, totals, rate, terms, both offices; and its PDF. */
export default function QuotePage({ quote }: Props) {
  const { t } = useI18n()
  const { amounts } = quote
  return (
    <>
      <Seo />
      <Container className="py-10 sm:py-14">
        <Breadcrumb currentLabel={quote.number} />
        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900">
              {t('site.quote.heading', { number: quote.number })}
            </h1>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarClock className="size-4" aria-hidden="true" />
              {t('site.quote.validUntil')}: <strong>{quote.validUntil}</strong>
            </p>
          </div>
          <Button asChild size="lg">
            <a href={quote.links.pdf} data-testid="quote-pdf">
              <Download className="size-4" aria-hidden="true" />
              {t('site.quote.download')}
            </a>
          </Button>
        </div>

        <article
          className="mt-8 rounded-3xl border border-slate-200 bg-white shadow-sm"
          data-testid="quote-document"
        >
          <header className="flex flex-col gap-6 border-b-4 border-brand-600 p-6 sm:flex-row sm:items-start sm:justify-between sm:p-10">
            <Logo />
            <dl className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm sm:text-right">
              <dt className="text-slate-500">{t('site.quote.number')}</dt>
              <dd className="font-semibold">{quote.number}</dd>
              <dt className="text-slate-500">{t('site.quote.issuedOn')}</dt>
              <dd>{quote.issuedOn}</dd>
              <dt className="text-slate-500">{t('site.quote.validUntil')}</dt>
              <dd className="font-semibold">{quote.validUntil}</dd>
            </dl>
          </header>

          <div className="grid gap-6 p-6 sm:grid-cols-2 sm:p-10">
            <div>
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t('site.quote.preparedFor')}
              </p>
              <p className="mt-1 font-semibold text-slate-900">{quote.companyName}</p>
              <p className="text-sm text-slate-600">{quote.email}</p>
            </div>
            <div>
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t('site.quote.plan')}
              </p>
              <p className="mt-1 font-semibold text-slate-900">
                {t('site.quote.planValue', { months: quote.termMonths })}
              </p>
              <p className="text-sm text-slate-600">
                {t('site.quote.vehicles', { count: quote.vehicleCount })}
              </p>
            </div>
          </div>

          <div className="overflow-x-auto px-6 sm:px-10">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">{t('site.quote.linesCaption')}</caption>
              <ColumnHeaders
                rowClassName="border-b border-slate-300 text-left text-xs tracking-wide text-slate-500 uppercase"
                cellClassName="py-2 font-semibold not-last:pr-4"
                columns={(['product', 'quantity', 'unitPrice', 'total'] as const).map(
                  (column, index) => {
                    const label = t(`site.quote.columns.${column}`)
                    return index === 0 ? label : numberColumn(label)
                  }
                )}
              />
              <tbody>
                {quote.lines.map((line) => (
                  <tr key={line.key} className="border-b border-slate-100" data-testid="quote-line">
                    <th scope="row" className="py-3 pr-4 text-left font-medium text-slate-900">
                      {line.name}
                    </th>
                    <td className="py-3 pr-4 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-3 pr-4 text-right tabular-nums">{line.unitPrice}</td>
                    <td className="py-3 text-right tabular-nums">{line.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-2">
            <div className="order-2 space-y-6 lg:order-1">
              <div className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
                <p>
                  {t('site.quote.exchangeRate', { rate: quote.rate.value, date: quote.rate.date })}
                </p>
                <p className="mt-1">{t('site.quote.vatNote')}</p>
              </div>
              {quote.note && (
                <div>
                  <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {t('site.quote.note')}
                  </p>
                  <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{quote.note}</p>
                </div>
              )}
            </div>
            <dl className="order-1 space-y-2.5 text-sm lg:order-2" data-testid="quote-totals">
              <Row label={t('site.quote.subtotal')} value={amounts.subtotal.eur} />
              <Row
                label={t('site.quote.extraDiscount', { percent: quote.extraDiscountPercent })}
                value={`− ${amounts.extraDiscount.eur}`}
                tone="discount"
              />
              <Row
                label={t('site.quote.totalPrice')}
                value={amounts.total.eur}
                tone="strong"
                testId="quote-total"
              />
              <Row
                label={t('site.quote.monthlyFee', {
                  price: quote.monthlyFeePerVehicle,
                  count: quote.vehicleCount,
                })}
                value={amounts.monthlyFee.eur}
              />
              <Row
                label={t('site.quote.firstMonthDiscount', {
                  percent: quote.firstMonthDiscountPercent,
                })}
                value={`− ${amounts.firstMonthDiscount.eur}`}
                tone="discount"
              />
              <Row
                label={t('site.quote.totalDiscount')}
                value={amounts.totalDiscount.eur}
                tone="discount"
              />
              <Row
                label={t('site.quote.dueNow')}
                value={amounts.dueNow.eur}
                tone="strong"
                testId="quote-due"
              />
              <Row label={t('site.quote.dueNowTry')} value={amounts.dueNow.try} tone="muted" />
            </dl>
          </div>

          <section aria-labelledby="quote-terms" className="border-t border-slate-100 p-6 sm:p-10">
            <h2 id="quote-terms" className="flex items-center gap-2 font-semibold text-slate-900">
              <ScrollText className="size-5 text-brand-600" aria-hidden="true" />
              {t('site.quote.termsHeading')}
            </h2>
            <ol
              className="mt-3 list-decimal space-y-1.5 pl-6 text-sm text-slate-700"
              data-testid="quote-terms"
            >
              {quote.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ol>
          </section>

          <footer className="grid gap-6 rounded-b-3xl border-t border-slate-200 bg-slate-50 p-6 text-sm text-slate-600 sm:grid-cols-2 sm:p-10">
            {quote.offices.map((office) => (
              <address key={office.code} className="not-italic">
                <p className="font-semibold text-slate-900">
                  {office.legalName} · {office.country}
                </p>
                {office.addressLines.map((line) => (
                  <p key={line}>{line}</p>
                ))}
                {office.registryCode && (
                  <p>
                    {t('site.offices.registryCode')}: {office.registryCode}
                  </p>
                )}
                {office.taxId && (
                  <p>
                    {t('site.offices.taxId')}: {office.taxId}
                  </p>
                )}
                {office.email && <p>{office.email}</p>}
                {office.phone && <p>{office.phone}</p>}
              </address>
            ))}
          </footer>
        </article>
      </Container>
    </>
  )
}
