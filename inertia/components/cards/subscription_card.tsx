import { CalendarClock } from 'lucide-react'
import { DaysRemaining } from '~/components/cards/days_remaining'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function SubscriptionCard({
  subscription,
}: {
  subscription: Data.Live.VehicleDetail.Variants['forSubscription'] | null
}) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.subscription')}
      icon={CalendarClock}
      testId="card-subscription"
      action={subscription ? <DaysRemaining days={subscription.daysRemaining} /> : undefined}
    >
      {subscription ? (
        <FieldList
          items={[
            {
              label: t('live.vehicle.subscription.end_date'),
              value: format.calendarDate(subscription.endDate),
            },
            {
              label: t('live.vehicle.subscription.status'),
              value: t(
                subscription.daysRemaining < 0
                  ? 'live.vehicle.subscription.ended'
                  : subscription.daysRemaining <= 30
                    ? 'live.vehicle.subscription.ending'
                    : 'live.vehicle.subscription.active'
              ),
            },
            {
              label: t('live.vehicle.subscription.installation_date'),
              value: subscription.installationDate
                ? format.calendarDate(subscription.installationDate)
                : null,
            },
          ]}
        />
      ) : (
        <CardEmpty icon={CalendarClock} message={t('live.empty.subscription')} />
      )}
    </DetailCard>
  )
}
