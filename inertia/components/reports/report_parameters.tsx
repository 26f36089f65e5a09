import { CalendarClock, Search } from 'lucide-react'
import type { FormEvent } from 'react'
import {
  PeriodPicker,
  presetDays,
  type PeriodPreset,
  type PeriodValue,
} from '~/components/form/period_picker'
import { Button } from '~/components/ui/button'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { inputChoiceLabel, type ReportValueContext } from '#shared/report_values'
import { periodKinds } from '#shared/date_ranges'
import type { ReportInputValues } from '~/components/reports/report_page_types'
import type { Data } from '~generated/data'

/** The report periods a quick range of the picker names (the others are a custom period). */
const reportPeriods: readonly string[] = periodKinds
const pickerPresets: PeriodPreset[] = [
  'today',
  'yesterday',
  'last_7_days',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
]
const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none'

/** A parameter's label: the report's own when it has one, else the shared one. */
export function useParameterLabel(reportKey: string) {
  const { t } = useI18n()
  return (name: string) => {
    const own = `reports.${reportKey}.parameters.${name}`
    return t(own) !== own ? t(own) : t(`report_pages.parameters.${name}`)
  }
}

/**
 * The report's parameters: period picker (shows at once), vehicles, groups, drivers and the
 * report's own inputs (applied with the button), and the schedule button.
 */
export function ReportParameters({
  report,
  draft,
  setDraft,
  show,
  options,
  values,
  onSchedule,
}: {
  report: Data.Reports.Report
  draft: ReportInputValues
  setDraft: (next: ReportInputValues) => void
  /** Shows the report for these parameters. */
  show: (next: ReportInputValues) => void
  options: Data.Reports.ReportOptions
  values: ReportValueContext
  /** Opens the schedule dialog; absent when the member may not schedule or nothing ran. */
  onSchedule: (() => void) | null
}) {
  const { t } = useI18n()
  const format = useFormat()
  const label = useParameterLabel(report.key)

  function submit(event: FormEvent) {
    event.preventDefault()
    show(draft)
  }

  // The period: a report period kind, or a custom range of local dates.
  const period = String(draft.period ?? 'today')
  const pickerValue: PeriodValue =
    period === 'custom'
      ? { preset: null, from: String(draft.from ?? ''), to: String(draft.to ?? '') }
      : (() => {
          const [from, to] = presetDays(period as PeriodPreset, format.preferences.timezone)
          return { preset: period as PeriodPreset, from, to }
        })()
  function changePeriod(value: PeriodValue) {
    const next = { ...draft }
    delete next.from
    delete next.to
    if (value.preset && reportPeriods.includes(value.preset)) next.period = value.preset
    else Object.assign(next, { period: 'custom', from: value.from, to: value.to })
    setDraft(next)
    show(next)
  }

  const select = (
    name: 'deviceId' | 'groupId' | 'driverId',
    list: { id: number; name: string }[],
    all: string
  ) => (
    <label key={name} className="block text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label(name)}</span>
      <select
        name={name}
        className={control}
        value={String(draft[name] ?? '')}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        data-testid={`report-${name}`}
      >
        <option value="">{t(`report_pages.parameters.${all}`)}</option>
        {list.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  )

  // A report of the present state asks no period; with nothing else to ask, no "Show" either.
  const asks = report.hasPeriod || report.scope.length > 0 || report.inputs.length > 0
  if (!asks && !onSchedule) return null

  return (
    <form
      onSubmit={submit}
      aria-label={t('report_pages.parameters.legend')}
      className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 print:hidden"
      data-testid="report-parameters"
    >
      {report.hasPeriod && (
        <div className="text-sm sm:col-span-2 lg:col-span-3">
          <span className="mb-1 block font-medium text-slate-700">{label('period')}</span>
          <PeriodPicker value={pickerValue} onChange={changePeriod} presets={pickerPresets} />
        </div>
      )}
      {/* One vehicle filter: where the report takes a list, "Vehicles" alone (a single
          "Vehicle" stays only for a link or schedule that chose one that way). */}
      {report.scope.includes('deviceId') &&
        (!report.scope.includes('deviceIds') || Boolean(draft.deviceId)) &&
        select('deviceId', options.vehicles, 'all_vehicles')}
      {report.scope.includes('deviceIds') && (
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">{label('deviceIds')}</span>
          <select
            multiple
            name="deviceIds"
            className={`${control} h-28`}
            value={([] as string[]).concat(draft.deviceIds ?? [])}
            onChange={(event) =>
              setDraft({
                ...draft,
                deviceIds: [...event.target.selectedOptions].map((option) => option.value),
              })
            }
            data-testid="report-deviceIds"
          >
            {options.vehicles.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {report.scope.includes('groupId') && select('groupId', options.groups, 'all_groups')}
      {report.scope.includes('driverId') && select('driverId', options.drivers, 'all_drivers')}
      {report.inputs.map((item) => {
        // A field left empty runs with the report's default: the field shows it.
        const value = draft[item.name] ?? item.default ?? ''
        const set = (next: string | string[]) => setDraft({ ...draft, [item.name]: next })
        const caption = (
          <span className="mb-1 block font-medium text-slate-700">
            {label(item.name)}
            {item.unit ? ` (${item.unit})` : ''}
          </span>
        )
        const choice = (option: string) => inputChoiceLabel(item.name, option, values)
        if (item.kind === 'enum' || item.kind === 'boolean') {
          const choices = item.kind === 'boolean' ? ['true', 'false'] : item.options
          return (
            <label key={item.name} className="block text-sm">
              {caption}
              <select
                name={item.name}
                multiple={item.multiple}
                className={item.multiple ? `${control} h-28` : control}
                value={item.multiple ? ([] as string[]).concat(value) : String(value)}
                onChange={(event) =>
                  set(
                    item.multiple
                      ? [...event.target.selectedOptions].map((option) => option.value)
                      : event.target.value
                  )
                }
                data-testid={`report-${item.name}`}
              >
                {!item.multiple && <option value="">{t('report_pages.parameters.any')}</option>}
                {choices.map((option) => (
                  <option key={option} value={option}>
                    {item.kind === 'boolean'
                      ? t(`report_pages.parameters.${option === 'true' ? 'yes' : 'no'}`)
                      : choice(option)}
                  </option>
                ))}
              </select>
            </label>
          )
        }
        return (
          <label key={item.name} className="block text-sm">
            {caption}
            <input
              name={item.name}
              type={item.kind === 'number' ? 'number' : 'text'}
              min={item.min ?? undefined}
              max={item.max ?? undefined}
              step={item.step ?? (item.kind === 'number' ? 'any' : undefined)}
              className={control}
              value={String(value)}
              onChange={(event) => set(event.target.value)}
              data-testid={`report-${item.name}`}
            />
          </label>
        )
      })}
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        {asks && (
          <Button type="submit" data-testid="report-submit">
            <Search className="size-4" aria-hidden="true" />
            {t('report_pages.parameters.apply')}
          </Button>
        )}
        {onSchedule && (
          <Button variant="outline" onClick={onSchedule} data-testid="report-schedule">
            <CalendarClock className="size-4" aria-hidden="true" />
            {t('report_pages.schedules.schedule')}
          </Button>
        )}
      </div>
    </form>
  )
}
