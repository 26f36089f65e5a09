import { router, usePage } from '@inertiajs/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { InputField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'

/**
 * A report page's period (from/to days) and extra filters, applied as the page's query
 * string, so that the URL says what is shown.
 */
export function PeriodFilter({
  period,
  extra,
  children,
}: {
  period: { from: string; to: string }
  /** Further query values kept or set with the period (e.g. the chosen vehicle). */
  extra?: Record<string, string>
  children?: ReactNode
}) {
  const { t } = useI18n()
  const page = usePage()
  const [from, setFrom] = useState(period.from)
  const [to, setTo] = useState(period.to)

  function apply(event: FormEvent) {
    event.preventDefault()
    const query: Record<string, string> = { from, to }
    for (const [key, value] of Object.entries(extra ?? {})) if (value) query[key] = value
    router.get(page.url.split('?')[0], query, { preserveScroll: true })
  }

  return (
    <form
      onSubmit={apply}
      className="mb-6 flex flex-wrap items-end gap-3 print:hidden"
      data-testid="period-filter"
    >
      <InputField
        name="from"
        type="date"
        label={t('crud.table.from')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <InputField
        name="to"
        type="date"
        label={t('crud.table.to')}
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      {children}
      <Button type="submit" data-testid="apply-period">
        {t('fleet_flow.reports.apply')}
      </Button>
    </form>
  )
}
