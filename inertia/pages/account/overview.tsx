import { Head } from '@inertiajs/react'
import { ChevronRight } from 'lucide-react'
import { PageHeader } from '~/components/page_header'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { useFormat } from '~/lib/format'
import { menuGroups } from '~/lib/menus'
import { formatMoney } from '#shared/quote_pricing'
import type { Data } from '~generated/data'

type Props = {
  plan: { monthlyCents: number }
  vehicleCount: number
  teamSize: number
  billing: boolean
  unpaid: { count: number; totalCents: number } | null
  /** Generated from app/transformers/account/subscription_transformer.ts. */
  nextExpiries: Data.Account.Subscription[]
}

export default function AccountOverview({
  plan,
  vehicleCount,
  teamSize,
  billing,
  unpaid,
  nextExpiries,
}: Props) {
  const { t, locale } = useI18n()
  const format = useFormat()
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale, { trimZeros: true })
  const pages = (menuGroups.find((group) => group.key === 'account')?.items ?? []).filter(
    (name) => name !== 'account'
  )

  return (
    <>
      <Head title={t('billing.overview.title')} />
      <PageHeader title={t('billing.overview.title')} description={t('billing.overview.lead')} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card>
          <CardHeader>
            <CardTitle>{t('billing.overview.plan')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-xl font-semibold">{t('billing.overview.planName')}</p>
            <p className="text-sm text-slate-600">
              {t('billing.overview.planPrice', { price: eur(plan.monthlyCents) })}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('billing.overview.vehicles')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold tabular-nums" data-testid="vehicle-count">
              {vehicleCount}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('billing.overview.teamSize')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold tabular-nums">{teamSize}</p>
            <RouteLink
              route="account.team-members"
              className="text-sm text-brand-700 hover:underline"
            >
              {t('common.routes.account.team-members')}
            </RouteLink>
          </CardContent>
        </Card>
        {unpaid && (
          <Card>
            <CardHeader>
              <CardTitle>{t('billing.overview.unpaid')}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="font-semibold" data-testid="unpaid">
                {t('billing.overview.unpaidTotal', {
                  count: unpaid.count,
                  total: formatMoney(unpaid.totalCents, 'EUR', locale),
                })}
              </p>
              <RouteLink
                route="account.invoices"
                className="text-sm text-brand-700 hover:underline"
              >
                {t('common.routes.account.invoices')}
              </RouteLink>
            </CardContent>
          </Card>
        )}
      </div>

      {billing && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>{t('billing.overview.nextExpiries')}</CardTitle>
          </CardHeader>
          <CardContent>
            {nextExpiries.length === 0 ? (
              <p className="text-sm text-slate-600">{t('billing.overview.noExpiries')}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {nextExpiries.map((row) => (
                  <li key={row.id} className="flex justify-between gap-4 py-2">
                    <span>
                      {row.deviceName}
                      {row.plate && <span className="text-slate-500"> ({row.plate})</span>}
                    </span>
                    <span className="tabular-nums text-slate-700">
                      {row.endsOn && format.calendarDate(row.endsOn)} ·{' '}
                      {row.remainingDays !== null && row.remainingDays >= 0
                        ? t('billing.subscriptions.days', { count: row.remainingDays })
                        : t('billing.subscriptions.overdue', { count: -(row.remainingDays ?? 0) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <RouteLink
              route="account.subscriptions"
              className="mt-2 inline-block text-sm text-brand-700 hover:underline"
            >
              {t('common.routes.account.subscriptions')}
            </RouteLink>
          </CardContent>
        </Card>
      )}

      <nav aria-labelledby="account-pages" className="mt-6">
        <h2 id="account-pages" className="mb-2 text-base font-semibold text-slate-900">
          {t('billing.overview.pages')}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {pages.map((name) => (
            <li key={name}>
              <RouteLink
                route={name}
                className="flex items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {t(`common.routes.${name}`)}
                <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
              </RouteLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  )
}
