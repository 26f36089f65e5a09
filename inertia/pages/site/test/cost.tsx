import { Calculator, Fuel, Leaf, PiggyBank } from 'lucide-react'
import { router } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { formatMoney, formatNumber } from '#shared/quote_pricing'
import {
  computeSavings,
  parseSavingsForm,
  savingPercentOf,
  vehicleClasses,
  type SavingsField,
  type SavingsForm,
  type VehicleClass,
} from '#shared/savings'
import { Container } from '~/components/container'
import { InputField, SelectField } from '~/components/form/fields'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { ColumnHeaders, numberColumn } from '~/components/ui/table'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = Data.Site.SavingsCalculator

const sources = ['route', 'idle', 'speeding'] as const

/** The number fields of the calculator: name, label key, keyboard and step. */
const numberFields = [
  { name: 'annualKm', label: 'annualKm', inputMode: 'numeric', step: 1 },
  { name: 'consumptionPer100Km', label: 'consumption', inputMode: 'decimal', step: 0.1 },
  { name: 'fuelPricePerLitre', label: 'fuelPrice', inputMode: 'decimal', step: 0.01 },
  { name: 'vehicles', label: 'vehicles', inputMode: 'numeric', step: 1 },
] as const

/**
 * The savings calculator: yearly fuel cost and the saving with tracking, per vehicle class,
 * with its assumptions stated. Computed live in the browser with the same function the
 * server uses for the GET form, so it works without JavaScript too.
 */
export default function Cost(props: Props) {
  const { t, locale } = useI18n()
  const path = useRoute()
  const [form, setForm] = useState<SavingsForm>(props.form)

  const parsed = useMemo(() => parseSavingsForm(form), [form])
  const result = parsed.input ? computeSavings(parsed.input) : null
  const errors = new Set<SavingsField>(parsed.errors ?? [])
  const tl = (kurus: number) => formatMoney(kurus, 'TRY', locale)
  const subscription = result ? props.subscriptionYearlyKurusPerVehicle * result.vehicles : 0
  const net = result ? result.yearlySavingKurus - subscription : 0

  function update(field: keyof SavingsForm, value: string) {
    setForm((current) => {
      if (field !== 'vehicleClass') return { ...current, [field]: value }
      // A new class brings its typical km and consumption, unless the visitor changed them.
      const previous = props.defaults[current.vehicleClass as VehicleClass]
      const next = props.defaults[value as VehicleClass]
      const untouched = (typed: string, typical: number | undefined) => Number(typed) === typical
      return {
        ...current,
        vehicleClass: value,
        annualKm: untouched(current.annualKm, previous?.annualKm)
          ? String(next.annualKm)
          : current.annualKm,
        consumptionPer100Km: untouched(current.consumptionPer100Km, previous?.consumptionPer100Km)
          ? String(next.consumptionPer100Km)
          : current.consumptionPer100Km,
      }
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    router.get(
      path('test.cost'),
      { ...form },
      { preserveState: true, preserveScroll: true, replace: true }
    )
  }

  const error = (field: SavingsField) =>
    errors.has(field)
      ? t('site.calculator.errors.range', {
          min: formatNumber(
            props.limits[field].min,
            locale,
            field === 'annualKm' || field === 'vehicles' ? 0 : 2
          ),
          max: formatNumber(props.limits[field].max, locale),
        })
      : undefined

  return (
    <>
      <Seo />
      <PageHero title={t('site.calculator.title')} lead={t('site.calculator.lead')} />
      <Container className="grid items-start gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_1.1fr]">
        <form
          method="get"
          action={path('test.cost')}
          onSubmit={submit}
          noValidate
          className="space-y-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          data-testid="savings-form"
        >
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Calculator className="size-5 text-brand-600" aria-hidden="true" />
            {t('site.calculator.formTitle')}
          </h2>
          <SelectField
            label={t('site.calculator.fields.vehicleClass')}
            name="vehicleClass"
            required
            value={form.vehicleClass}
            onChange={(event) => update('vehicleClass', event.target.value)}
          >
            {vehicleClasses.map((vehicleClass) => (
              <option key={vehicleClass} value={vehicleClass}>
                {t(`site.calculator.classes.${vehicleClass}`)}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-5 sm:grid-cols-2">
            {numberFields.map((field) => (
              <InputField
                key={field.name}
                label={t(`site.calculator.fields.${field.label}`)}
                name={field.name}
                type="number"
                inputMode={field.inputMode}
                min={props.limits[field.name].min}
                max={props.limits[field.name].max}
                step={field.step}
                required
                value={form[field.name]}
                onChange={(event) => update(field.name, event.target.value)}
                error={error(field.name)}
              />
            ))}
          </div>
          <Button type="submit" variant="secondary">
            {t('site.calculator.submit')}
          </Button>
        </form>

        <section aria-labelledby="savings-result" aria-live="polite" className="space-y-6">
          <h2 id="savings-result" className="sr-only">
            {t('site.calculator.resultTitle')}
          </h2>
          {result ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <p className="flex items-center gap-2 text-sm text-slate-500">
                    <Fuel className="size-4" aria-hidden="true" />
                    {t('site.calculator.result.cost')}
                  </p>
                  <p
                    className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
                    data-testid="savings-cost"
                  >
                    {tl(result.yearlyFuelCostKurus)}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    {t('site.calculator.result.litres', {
                      litres: formatNumber(result.litresPerYear, locale),
                    })}
                  </p>
                </div>
                <div className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-6 text-white shadow-lg">
                  <p className="flex items-center gap-2 text-sm text-brand-100">
                    <PiggyBank className="size-4" aria-hidden="true" />
                    {t('site.calculator.result.saving', { percent: result.savingPercent })}
                  </p>
                  <p
                    className="mt-2 text-3xl font-semibold tracking-tight tabular-nums"
                    data-testid="savings-saving"
                  >
                    {tl(result.yearlySavingKurus)}
                  </p>
                  <p className="mt-1 flex items-center gap-1 text-xs text-brand-100">
                    <Leaf className="size-3.5" aria-hidden="true" />
                    {t('site.calculator.result.litresSaved', {
                      litres: formatNumber(result.litresSavedPerYear, locale),
                    })}
                  </p>
                </div>
              </div>
              <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="font-semibold text-slate-900">
                  {t('site.calculator.result.breakdown')}
                </h3>
                <ul className="mt-4 space-y-3">
                  {sources.map((source) => {
                    const share =
                      props.assumptions[form.vehicleClass as VehicleClass]?.[source] ?? 0
                    return (
                      <li key={source}>
                        <div className="flex justify-between text-sm">
                          <span className="text-slate-700">
                            {t(`site.calculator.sources.${source}`)} · {share}%
                          </span>
                          <span className="font-medium tabular-nums">
                            {tl(result.breakdownKurus[source])}
                          </span>
                        </div>
                        <div className="mt-1.5 h-2 rounded-full bg-slate-100" aria-hidden="true">
                          <div
                            className="h-full rounded-full bg-brand-500"
                            style={{ width: `${(share / 15) * 100}%` }}
                          />
                        </div>
                      </li>
                    )
                  })}
                </ul>
                <div className="mt-5 flex justify-between gap-4 border-t border-slate-100 pt-4 text-sm">
                  <span className="text-slate-600">
                    {t('site.calculator.result.subscription', { vehicles: result.vehicles })}
                  </span>
                  <span className="tabular-nums">− {tl(subscription)}</span>
                </div>
                <div className="mt-2 flex justify-between gap-4 text-base font-semibold">
                  <span>{t('site.calculator.result.net')}</span>
                  <span
                    className={`tabular-nums ${net >= 0 ? 'text-brand-700' : 'text-slate-700'}`}
                    data-testid="savings-net"
                  >
                    {tl(net)}
                  </span>
                </div>
              </div>
            </>
          ) : (
            <p
              role="alert"
              className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-900"
            >
              {t('site.calculator.errors.fix')}
            </p>
          )}

          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h3 className="font-semibold text-slate-900">
              {t('site.calculator.assumptions.title')}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{t('site.calculator.assumptions.lead')}</p>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-sm">
                <ColumnHeaders
                  rowClassName="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase"
                  cellClassName="py-2 font-semibold not-last:pr-3"
                  columns={[
                    t('site.calculator.fields.vehicleClass'),
                    ...sources.map((source) =>
                      numberColumn(t(`site.calculator.sources.${source}`))
                    ),
                    numberColumn(t('site.calculator.assumptions.total')),
                  ]}
                />
                <tbody>
                  {vehicleClasses.map((vehicleClass) => (
                    <tr key={vehicleClass} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
                        {t(`site.calculator.classes.${vehicleClass}`)}
                      </th>
                      {sources.map((source) => (
                        <td key={source} className="py-2 pr-3 text-right tabular-nums">
                          {props.assumptions[vehicleClass][source]}%
                        </td>
                      ))}
                      <td className="py-2 text-right font-semibold tabular-nums">
                        {savingPercentOf(vehicleClass)}%
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-4 text-xs/5 text-slate-500">{t('site.calculator.assumptions.note')}</p>
            <RouteLink
              route="offer"
              className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline"
            >
              {t('site.calculator.quoteLink')}
            </RouteLink>
          </div>
        </section>
      </Container>
    </>
  )
}
