import { clsx } from 'clsx'
import { CalendarRange, ChevronLeft, ChevronRight, X } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { formatCalendarDate, useFormat } from '~/lib/format'
import { parseUserDate, presetDays, type PeriodPreset, type PeriodValue } from '#shared/date_ranges'

import { useI18n } from '~/lib/i18n'

export { parseUserDate, presetDays, type PeriodPreset, type PeriodValue }

const timePattern = /^([01]?\d|2[0-3]):([0-5]\d)$/

const input =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none'

/**
 * A date(-time) range picker in the page's language and the user's date format and time zone:
 * quick ranges (today, yesterday, last 7 days, this and last week or month) and the two ends
 * typed as the user writes dates ("31.03.2026", "03/31/2026") with an optional time. The
 * button always shows the range that is applied. Values are local to the user's time zone:
 * `yyyy-MM-dd` (dates) or `yyyy-MM-ddTHH:mm` (with time); the end day is included.
 */
export function PeriodPicker({
  value,
  onChange,
  presets = ['today', 'yesterday', 'last_7_days', 'this_month', 'last_month'],
  withTime = false,
  clearable = false,
  label,
  emptyText,
  testId = 'period-picker',
}: {
  value: PeriodValue
  onChange: (value: PeriodValue) => void
  presets?: PeriodPreset[]
  withTime?: boolean
  /** Offers "any date" (an empty range), e.g. for a table's date filter. */
  clearable?: boolean
  /** The accessible name of the button (defaults to "Period"). */
  label?: string
  /** What applies when no range is chosen (defaults to "Any date"). */
  emptyText?: string
  testId?: string
}) {
  const { t } = useI18n()
  const format = useFormat()
  const { timezone, dateFormat } = format.preferences
  const id = useId()
  const [open, setOpen] = useState(false)
  const split = (text: string) => {
    const [date = '', time = ''] = text.split('T')
    return {
      date: date ? formatCalendarDate(date, format.preferences) : '',
      time: time.slice(0, 5),
    }
  }
  const [draft, setDraft] = useState(() => ({
    from: split(value.from),
    to: split(value.to),
  }))
  const [error, setError] = useState<string | null>(null)

  const show = (text: string, end: boolean) => {
    if (!text) return ''
    const { date, time } = split(text)
    return withTime ? `${date} ${time || (end ? '23:59' : '00:00')}` : date
  }
  const applied =
    value.from || value.to
      ? (() => {
          const from = show(value.from, false)
          const to = show(value.to, true)
          return from === to ? from : `${from} – ${to}`
        })()
      : (emptyText ?? t('report_pages.picker.any'))
  const presetName = value.preset ? t(`report_pages.picker.${value.preset}`) : null

  function openChange(next: boolean) {
    if (next) {
      setDraft({ from: split(value.from), to: split(value.to) })
      setError(null)
    }
    setOpen(next)
  }

  function choose(preset: PeriodPreset) {
    const [from, to] = presetDays(preset, timezone)
    onChange({
      preset,
      from: withTime ? `${from}T00:00` : from,
      to: withTime ? `${to}T23:59` : to,
    })
    setOpen(false)
  }

  // Days picked on the calendar: the first click starts a new range, the second ends it.
  const draftFrom = parseUserDate(draft.from.date, dateFormat)
  const draftTo = parseUserDate(draft.to.date, dateFormat)
  function pick(day: string) {
    const text = formatCalendarDate(day, format.preferences)
    setError(null)
    if (!draftFrom || draftTo) {
      setDraft((current) => ({
        from: { ...current.from, date: text },
        to: { ...current.to, date: '' },
      }))
    } else if (day < draftFrom) {
      setDraft((current) => ({
        from: { ...current.from, date: text },
        to: { ...current.to, date: current.from.date },
      }))
    } else {
      setDraft((current) => ({ ...current, to: { ...current.to, date: text } }))
    }
  }

  function apply(event: FormEvent) {
    event.preventDefault()
    // The popover renders in a portal, but React events still bubble to the page's own form.
    event.stopPropagation()
    const from = parseUserDate(draft.from.date, dateFormat)
    const to = parseUserDate(draft.to.date, dateFormat)
    const fromTime = draft.from.time || '00:00'
    const toTime = draft.to.time || '23:59'
    if (!from || !to || (withTime && (!timePattern.test(fromTime) || !timePattern.test(toTime)))) {
      setError(t('common.period.invalid'))
      return
    }
    const start = withTime ? `${from}T${fromTime.padStart(5, '0')}` : from
    const end = withTime ? `${to}T${toTime.padStart(5, '0')}` : to
    if (end < start) {
      setError(t('common.period.reversed'))
      return
    }
    onChange({ preset: null, from: start, to: end })
    setOpen(false)
  }

  return (
    <div className="flex items-center gap-1">
      <Popover.Root open={open} onOpenChange={openChange}>
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={`${label ?? t('report_pages.picker.label')}: ${applied}`}
            data-testid={testId}
          >
            <CalendarRange className="size-4" aria-hidden="true" />
            {presetName && <span className="font-semibold">{presetName}</span>}
            <span data-testid={`${testId}-applied`}>{applied}</span>
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-(--radix-popover-content-available-height) w-[22rem] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
          >
            <p id={`${id}-presets`} className="mb-2 text-xs font-semibold text-slate-600 uppercase">
              {t('report_pages.picker.presets')}
            </p>
            <div
              role="group"
              aria-labelledby={`${id}-presets`}
              className="mb-4 flex flex-wrap gap-1.5"
            >
              {presets.map((preset) => (
                <Button
                  key={preset}
                  variant={value.preset === preset ? 'primary' : 'outline'}
                  size="sm"
                  aria-pressed={value.preset === preset}
                  onClick={() => choose(preset)}
                  data-testid={`${testId}-preset-${preset}`}
                >
                  {t(`report_pages.picker.${preset}`)}
                </Button>
              ))}
            </div>
            <MonthCalendar from={draftFrom} to={draftTo} onPick={pick} testId={testId} />
            <form onSubmit={apply} noValidate className="space-y-3">
              {(['from', 'to'] as const).map((end) => (
                <fieldset key={end} className="grid grid-cols-[1fr_auto] gap-2">
                  <label className="block text-sm">
                    <span className="mb-1 block font-medium text-slate-700">
                      {t(`report_pages.picker.${end}`)}
                    </span>
                    <input
                      className={input}
                      inputMode="numeric"
                      placeholder={dateFormat.toLowerCase()}
                      value={draft[end].date}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : `${id}-hint`}
                      onChange={(event) =>
                        setDraft((current) => ({
                          ...current,
                          [end]: { ...current[end], date: event.target.value },
                        }))
                      }
                      data-testid={`${testId}-${end}`}
                    />
                  </label>
                  {withTime && (
                    <label className="block w-20 text-sm">
                      <span className="mb-1 block font-medium text-slate-700">
                        {t('report_pages.picker.time')}
                      </span>
                      <input
                        className={input}
                        inputMode="numeric"
                        placeholder={end === 'from' ? '00:00' : '23:59'}
                        value={draft[end].time}
                        onChange={(event) =>
                          setDraft((current) => ({
                            ...current,
                            [end]: { ...current[end], time: event.target.value },
                          }))
                        }
                        data-testid={`${testId}-${end}-time`}
                      />
                    </label>
                  )}
                </fieldset>
              ))}
              <p id={`${id}-hint`} className="text-xs text-slate-500">
                {dateFormat.toLowerCase()} · {timezone}
              </p>
              {error && (
                <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
              <div className="flex justify-end gap-2">
                <Button type="submit" size="sm" data-testid={`${testId}-apply`}>
                  {t('report_pages.picker.apply')}
                </Button>
              </div>
            </form>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {clearable && (value.from || value.to) && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('report_pages.picker.clear')}
          onClick={() => onChange({ preset: null, from: '', to: '' })}
          data-testid={`${testId}-clear`}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      )}
    </div>
  )
}

/** yyyy-MM-dd of the days shown for a month, Monday first (null for the blanks before day 1). */
function monthDays(month: string) {
  const [year, monthNumber] = month.split('-').map(Number)
  const first = new Date(Date.UTC(year, monthNumber - 1, 1))
  const blanks = (first.getUTCDay() + 6) % 7
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()
  const days: (string | null)[] = Array.from({ length: blanks }, () => null)
  for (let day = 1; day <= count; day++) {
    days.push(`${month}-${String(day).padStart(2, '0')}`)
  }
  return days
}

function shiftMonth(month: string, delta: number) {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Date(Date.UTC(year, monthNumber - 1 + delta, 1)).toISOString().slice(0, 7)
}

/**
 * A month of days in the page's language (Monday first): the first click picks the start, the
 * second the end; the range between is marked. Every day is a button (Tab, Enter, Space).
 */
function MonthCalendar({
  from,
  to,
  onPick,
  testId,
}: {
  from: string | null
  to: string | null
  onPick: (day: string) => void
  testId: string
}) {
  const { t, locale } = useI18n()
  const format = useFormat()
  const [month, setMonth] = useState(() =>
    (from ?? presetDays('today', format.preferences.timezone)[0]).slice(0, 7)
  )
  const title = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1 + index))
    )
  )
  return (
    <div className="mb-3" data-testid={`${testId}-calendar`}>
      <div className="mb-2 flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('report_pages.picker.previous_month')}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {title}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('report_pages.picker.next_month')}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center text-xs">
        {weekdays.map((name) => (
          <span key={name} className="py-1 font-medium text-slate-500" aria-hidden="true">
            {name}
          </span>
        ))}
        {monthDays(month).map((day, index) => {
          if (!day) return <span key={`blank-${index}`} />
          const end = to ?? from
          const selected = day === from || day === end
          const inRange = Boolean(from && end && day > from && day < end)
          return (
            <button
              key={day}
              type="button"
              aria-pressed={selected}
              aria-label={formatCalendarDate(day, format.preferences)}
              onClick={() => onPick(day)}
              className={clsx(
                'rounded-md py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600',
                selected
                  ? 'bg-brand-600 font-semibold text-white'
                  : inRange
                    ? 'bg-brand-50 text-brand-900'
                    : 'text-slate-800 hover:bg-slate-100'
              )}
              data-testid={`${testId}-day-${day}`}
            >
              {Number(day.slice(8))}
            </button>
          )
        })}
      </div>
    </div>
  )
}
