import { Honeypot } from '~/components/site/honeypot'
import { useSiteFields } from '~/components/site/site_fields'
import { FileText, Minus, Plus, Send } from 'lucide-react'
import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import {
  computeQuote,
  convertCents,
  formatMoney,
  productKinds,
  type ProductKey,
} from '#shared/quote_pricing'
import { Container } from '~/components/container'
import { bindField, InputField, SelectField, TextAreaField } from '~/components/form/fields'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = Data.Site.Offer
const MAX = 10_000

function Stepper({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: number
  onChange: (value: number) => void
}) {
  const { t } = useI18n()
  const set = (next: number) => onChange(Math.min(MAX, Math.max(0, Math.floor(next || 0))))
  return (
    <div className="flex items-center rounded-lg border border-slate-300 bg-white shadow-sm">
      <button
        type="button"
        className="inline-flex size-9 cursor-pointer items-center justify-center rounded-l-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
        onClick={() => set(value - 1)}
        disabled={value <= 0}
        aria-label={t('site.offer.decrease', { product: label })}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX}
        value={value}
        onChange={(event) => set(Number(event.target.value))}
        className="w-16 border-x border-slate-200 py-1.5 text-center text-sm font-semibold text-slate-900 tabular-nums outline-none focus:ring-2 focus:ring-brand-500/40 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        aria-label={t('site.offer.quantityOf', { product: label })}
      />
      <button
        type="button"
        className="inline-flex size-9 cursor-pointer items-center justify-center rounded-r-lg text-slate-600 hover:bg-slate-100"
        onClick={() => set(value + 1)}
        aria-label={t('site.offer.increase', { product: label })}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}

/**
 * The offer page: choose products and quantities, see the totals live (the same pricing
 * function the server stores the quote with), and request a numbered quote.
 */
export default function Offer({
  catalogue,
  firstMonthDiscountPercent,
  tiers,
  terms,
  validityDays,
  rate,
  honeypot,
}: Props) {
  const { t, locale } = useI18n()
  const fields = useSiteFields()
  const path = useRoute()
  const form = useForm({
    company_name: '',
    email: '',
    note: '',
    term_months: String(terms[0] ?? 12),
    quantities: Object.fromEntries(
      catalogue.map((product) => [product.key, product.key === 'gps_tracker' ? 5 : 0])
    ) as Record<string, number>,
    [honeypot]: '',
  } as {
    company_name: string
    email: string
    note: string
    term_months: string
    quantities: Record<string, number>
    [key: string]: string | Record<string, number>
  })

  const quantities = form.data.quantities as Record<ProductKey, number>
  const totals = computeQuote(quantities)
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale)
  const errors = form.errors as Record<string, string | undefined>
  const quantityError =
    errors.quantities ??
    Object.entries(errors).find(([field]) => field.startsWith('quantities.'))?.[1]

  function setQuantity(key: string, value: number) {
    form.setData('quantities', {
      ...(form.data.quantities as Record<string, number>),
      [key]: value,
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(path('offer'))
  }

  return (
    <>
      <Seo />
      <PageHero title={t('site.offer.title')} lead={t('site.offer.lead')} />
      <Container className="py-12 sm:py-16">
        <form
          onSubmit={submit}
          noValidate
          className="grid items-start gap-10 lg:grid-cols-[1fr_24rem]"
          data-testid="offer-form"
        >
          <div className="space-y-10">
            {productKinds.map((kind) => (
              <fieldset key={kind}>
                <legend className="text-lg font-semibold text-slate-900">
                  {t(`site.offer.kinds.${kind}`)}
                </legend>
                <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
                  {catalogue
                    .filter((product) => product.kind === kind)
                    .map((product) => {
                      const name = t(`site.products.catalogue.${product.key}.name`)
                      return (
                        <li
                          key={product.key}
                          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
                        >
                          <div className="min-w-0">
                            <label
                              htmlFor={`qty-${product.key}`}
                              className="font-medium text-slate-900"
                            >
                              {name}
                            </label>
                            <p className="text-sm text-slate-500">
                              {t(`site.products.catalogue.${product.key}.description`)}
                            </p>
                          </div>
                          <div className="flex shrink-0 items-center gap-4">
                            <span className="text-sm text-slate-600 tabular-nums">
                              {t('site.offer.each', { price: eur(product.unitPriceCents) })}
                            </span>
                            <Stepper
                              id={`qty-${product.key}`}
                              label={name}
                              value={quantities[product.key as ProductKey] ?? 0}
                              onChange={(value) => setQuantity(product.key, value)}
                            />
                          </div>
                        </li>
                      )
                    })}
                </ul>
              </fieldset>
            ))}
            {quantityError && (
              <p role="alert" className="text-sm text-red-600" data-field-error="quantities">
                {quantityError}
              </p>
            )}

            <fieldset className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <legend className="px-1 text-lg font-semibold text-slate-900">
                {t('site.offer.details')}
              </legend>
              <div className="grid gap-5 sm:grid-cols-2">
                <InputField
                  label={t('site.offer.fields.companyName')}
                  {...bindField(form, 'company_name')}
                  {...fields.organization}
                />
                <InputField
                  label={t('site.offer.fields.email')}
                  {...bindField(form, 'email')}
                  {...fields.email}
                />
              </div>
              <SelectField
                label={t('site.offer.fields.term')}
                {...bindField(form, 'term_months')}
                required
                hint={t('site.offer.fields.termHint')}
              >
                {terms.map((term) => (
                  <option key={term} value={String(term)}>
                    {t(`site.offer.terms.${term}`)}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label={t('site.offer.fields.note')}
                {...bindField(form, 'note')}
                rows={3}
                {...fields.optional}
                maxLength={2000}
              />
              <Honeypot form="offer" {...bindField(form, honeypot)} />
            </fieldset>
          </div>

          <aside className="lg:sticky lg:top-24" aria-labelledby="offer-summary-title">
            <div
              className="rounded-3xl border border-slate-200 bg-white p-6 shadow-lg"
              data-testid="offer-summary"
            >
              <h2
                id="offer-summary-title"
                className="flex items-center gap-2 text-lg font-semibold text-slate-900"
              >
                <FileText className="size-5 text-brand-600" aria-hidden="true" />
                {t('site.offer.summary')}
              </h2>
              <dl className="mt-5 space-y-2.5 text-sm" aria-live="polite">
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t('site.offer.vehicles')}</dt>
                  <dd className="font-medium tabular-nums">{totals.vehicleCount}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t('site.quote.subtotal')}</dt>
                  <dd className="font-medium tabular-nums">{eur(totals.subtotalCents)}</dd>
                </div>
                <div className="flex justify-between gap-4 text-brand-800">
                  <dt>{t('site.quote.extraDiscount', { percent: totals.extraDiscountPercent })}</dt>
                  <dd className="tabular-nums">− {eur(totals.extraDiscountCents)}</dd>
                </div>
                <div className="flex justify-between gap-4 border-t border-slate-200 pt-2.5 text-base font-semibold">
                  <dt>{t('site.quote.totalPrice')}</dt>
                  <dd className="tabular-nums" data-testid="offer-total">
                    {eur(totals.totalCents)}
                  </dd>
                </div>
                <div className="flex justify-between gap-4 pt-2">
                  <dt className="text-slate-600">{t('site.offer.monthly')}</dt>
                  <dd className="font-medium tabular-nums">{eur(totals.monthlyFeeCents)}</dd>
                </div>
                <div className="flex justify-between gap-4 text-brand-800">
                  <dt>
                    {t('site.quote.firstMonthDiscount', { percent: firstMonthDiscountPercent })}
                  </dt>
                  <dd className="tabular-nums">− {eur(totals.firstMonthDiscountCents)}</dd>
                </div>
                <div className="flex justify-between gap-4 border-t border-slate-200 pt-2.5 text-base font-semibold">
                  <dt>{t('site.quote.dueNow')}</dt>
                  <dd className="tabular-nums">{eur(totals.dueNowCents)}</dd>
                </div>
                <div className="flex justify-between gap-4 text-xs text-slate-500">
                  <dt>{t('site.quote.dueNowTry')}</dt>
                  <dd className="tabular-nums">
                    {formatMoney(convertCents(totals.dueNowCents, rate.value), 'TRY', locale)}
                  </dd>
                </div>
              </dl>
              <p className="mt-4 rounded-lg bg-brand-50 p-3 text-xs/5 text-brand-900">
                {t('site.offer.tiers', {
                  first: tiers[tiers.length - 1]?.minVehicles ?? 10,
                  firstPercent: tiers[tiers.length - 1]?.percent ?? 5,
                  second: tiers[0]?.minVehicles ?? 50,
                  secondPercent: tiers[0]?.percent ?? 10,
                })}
              </p>
              <Button
                type="submit"
                size="lg"
                className="mt-5 w-full"
                disabled={form.processing || totals.lines.length === 0}
              >
                <Send className="size-4" aria-hidden="true" />
                {form.processing ? t('site.forms.sending') : t('site.offer.submit')}
              </Button>
              <p className="mt-3 text-xs text-slate-500">
                {t('site.offer.validity', { days: validityDays, rate: rate.text, date: rate.date })}
              </p>
            </div>
          </aside>
        </form>
      </Container>
    </>
  )
}
