import { Head, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute, RouteLink } from '~/lib/routes'
import { InputField, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { RenewalTable } from '~/components/renewals/renewal_table'
import { renewalKinds, renewalStatuses, type RenewalRow } from '#shared/renewals'

type Filters = Data.Fleet.RenewalFilters

/** Every overdue and upcoming renewal of the fleet (issue 30, point 2). */
export default function RenewalsPage({
  filters,
  reminderDays,
  renewals,
}: {
  filters: Filters
  reminderDays: number
  renewals: RenewalRow[]
}) {
  const { t } = useI18n()
  const path = useRoute()
  const [values, setValues] = useState({
    kind: filters.kind ?? '',
    status: filters.status ?? '',
    withinDays: String(filters.withinDays),
  })
  const label = (field: string) => t(`renewals.page.fields.${field}`)

  function submit(event: FormEvent) {
    event.preventDefault()
    const query = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
    router.get(path('fleet.renewals'), query, { preserveScroll: true })
  }

  return (
    <>
      <Head title={t('common.routes.fleet.renewals')} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t('common.routes.fleet.renewals')}
      </h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        {t('renewals.page.intro', { days: reminderDays })}{' '}
        <RouteLink route="settings.other-settings" className="text-brand-700 hover:underline">
          {t('common.routes.settings.other-settings')}
        </RouteLink>
      </p>
      <form onSubmit={submit} noValidate className="mb-6 grid max-w-4xl gap-3 sm:grid-cols-4">
        <SelectField
          label={label('kind')}
          name="kind"
          value={values.kind}
          onChange={(event) => setValues({ ...values, kind: event.target.value })}
          options={[
            { value: '', label: t('renewals.page.all') },
            ...renewalKinds.map((kind) => ({
              value: kind,
              label: t(`renewals.page.kinds.${kind}`),
            })),
          ]}
        />
        <SelectField
          label={label('status')}
          name="status"
          value={values.status}
          onChange={(event) => setValues({ ...values, status: event.target.value })}
          options={[
            { value: '', label: t('renewals.page.all') },
            ...renewalStatuses.map((status) => ({
              value: status,
              label: t(`renewals.page.status.${status}`),
            })),
          ]}
        />
        <InputField
          type="number"
          min="1"
          max="730"
          label={label('withinDays')}
          name="withinDays"
          value={values.withinDays}
          onChange={(event) => setValues({ ...values, withinDays: event.target.value })}
        />
        <div className="flex items-end">
          <Button type="submit">{t('renewals.page.apply')}</Button>
        </div>
      </form>
      {renewals.length === 0 ? (
        <p className="text-sm text-slate-600">{t('renewals.page.empty')}</p>
      ) : (
        <RenewalTable renewals={renewals} />
      )}
    </>
  )
}
